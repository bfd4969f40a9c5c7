import type { ReactNode } from 'react';
import type { Role } from '@app/shared/roles';
import { DashboardHeader, type MenuItem, type NavItem } from '../components/layout/dashboard-header.tsx';
import { useSession } from '../lib/session.ts';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';

/** Every role's main navigation and portal name: one place, one header (issue 29, "One app"). */
export const ROLE_NAV: Record<Role, NavItem[]> = {
  student: [
    { to: '/student/dashboard', label: 'Dashboard' },
    { to: '/programmes', label: 'Programmes' },
    { to: '/notifications', label: 'Notifications' },
  ],
  professional: [
    { to: '/professional/dashboard', label: 'Dashboard' },
    { to: '/programmes', label: 'Programmes' },
    { to: '/notifications', label: 'Notifications' },
  ],
  admin: [
    { to: '/admin/dashboard', label: 'Console' },
    { to: '/notifications', label: 'Notifications' },
  ],
  university_admin: [
    { to: '/university/dashboard', label: 'Dashboard' },
    { to: '/notifications', label: 'Notifications' },
  ],
  company_admin: [
    { to: '/company/dashboard', label: 'Dashboard' },
    { to: '/notifications', label: 'Notifications' },
  ],
};

export const ROLE_PORTAL: Record<Role, string> = {
  student: 'Student Portal',
  professional: 'Professional Portal',
  admin: 'Admin Dashboard',
  university_admin: 'University Portal',
  company_admin: 'Company Portal',
};

/**
 * The frame of every signed-in page, for every role: the shared header (brand, the role's navigation,
 * notifications bell, account menu with the role's items) above the page's own <main id="main">.
 */
export function AppShell({
  children,
  menuItems,
  actions,
  avatarUrl,
  below,
}: {
  children: ReactNode;
  /** The role's account-menu entries (Sign Out is always last). */
  menuItems?: MenuItem[];
  /** Extra header controls after the bell (a page's own phone menu). */
  actions?: ReactNode;
  avatarUrl?: string | null;
  /** Something that belongs right under the header (a breadcrumb, a banner). */
  below?: ReactNode;
}) {
  const session = useSession();
  const role = session?.role;
  return (
    <div className="min-h-screen bg-slate-50">
      <DashboardHeader
        portal={role ? ROLE_PORTAL[role] : 'MentorBridge'}
        nav={role ? ROLE_NAV[role] : []}
        menuItems={menuItems}
        avatarUrl={avatarUrl ?? session?.user.profileImageUrl ?? null}
        actions={
          <>
            {session && <NotificationBell />}
            {actions}
          </>
        }
      />
      {below}
      {children}
    </div>
  );
}
