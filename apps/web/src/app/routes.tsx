import { use } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { DashboardDispatch, GuestOnly, RequireRole, RequireSignedIn } from './guards.tsx';
import { PAGE_ROUTES, type PageModule, type PageRoute } from './pages.ts';
import { RootLayout } from './root-layout.tsx';

/** A loaded page renders at once; otherwise it suspends until its code arrives. */
function LoadedPage({ page }: { page: PageModule }) {
  const Component = page.loaded ?? use(page.load());
  return <Component />;
}

function PageElement({ route }: { route: PageRoute }) {
  const page = <LoadedPage page={route.page} />;
  if (route.role) return <RequireRole role={route.role}>{page}</RequireRole>;
  if (route.guestOnly) return <GuestOnly>{page}</GuestOnly>;
  if (route.signedIn) return <RequireSignedIn>{page}</RequireSignedIn>;
  return page;
}

/** Every route of spec 000 §2 (the pages are listed in app/pages.ts). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {PAGE_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={<PageElement route={route} />} />
        ))}
        <Route path="/dashboard" element={<DashboardDispatch />} />
        <Route path="/admin" element={<Navigate to="/admin/dashboard" replace />} />
        <Route path="/student" element={<Navigate to="/student/dashboard" replace />} />
        <Route path="/professional" element={<Navigate to="/professional/dashboard" replace />} />
        <Route path="/university" element={<Navigate to="/university/dashboard" replace />} />
        <Route path="/company" element={<Navigate to="/company/dashboard" replace />} />
      </Route>
    </Routes>
  );
}
