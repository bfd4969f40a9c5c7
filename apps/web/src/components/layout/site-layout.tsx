import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Menu, X } from 'lucide-react';
import { dashboardPath } from '@app/shared/roles';
import { Logo } from '../ui/logo.tsx';
import { firstName, useSession } from '../../lib/session.ts';
import { rich, useFormat, useT, type MessageKey } from '../../lib/i18n.tsx';
import { LanguageMenu } from '../ui/language-menu.tsx';
import { HydrationUnit } from '../ui/hydration-unit.tsx';

/** Scroll distance after which the public header turns solid (spec 000 §9). */
export const SOLID_HEADER_AFTER_PX = 50;

const ANCHORS: { id: string; label: MessageKey }[] = [
  { id: 'features', label: 'site.nav.features' },
  { id: 'how-it-works', label: 'site.nav.howItWorks' },
  { id: 'team', label: 'site.nav.team' },
];

const PAGES: { to: string; label: MessageKey }[] = [
  { to: '/about', label: 'site.nav.about' },
  { to: '/workshops', label: 'site.nav.workshops' },
  { to: '/experts', label: 'site.nav.experts' },
  { to: '/projects', label: 'site.nav.projects' },
];

const FOOTER_GROUPS: { title: MessageKey; links: { to: string; label: MessageKey }[] }[] = [
  {
    title: 'footer.product',
    links: [
      { to: '/features', label: 'footer.features' },
      { to: '/workshops', label: 'site.nav.workshops' },
      { to: '/experts', label: 'site.nav.experts' },
      { to: '/projects', label: 'footer.rdProjects' },
    ],
  },
  {
    title: 'footer.company',
    links: [
      { to: '/about', label: 'site.nav.about' },
      { to: '/partners', label: 'footer.partners' },
      { to: '/careers', label: 'footer.careers' },
      { to: '/blog', label: 'footer.blog' },
    ],
  },
  {
    title: 'footer.support',
    links: [
      { to: '/help', label: 'footer.help' },
      { to: '/contact', label: 'footer.contact' },
      { to: '/privacy', label: 'footer.privacy' },
      { to: '/terms', label: 'footer.terms' },
      { to: '/accessibility', label: 'footer.accessibility' },
    ],
  },
];

/** True once the window is scrolled more than `threshold` pixels. */
export function useScrolledPast(threshold = SOLID_HEADER_AFTER_PX): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}

const navLink = 'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';
/** The mobile menu's outlined account links (sign in, sign out). */
const mobileOutline = 'rounded-lg border border-slate-300 px-4 py-2 text-center text-sm font-medium text-slate-800 hover:bg-slate-50';
const activeNav = ({ isActive }: { isActive: boolean }) => `${navLink} ${isActive ? 'text-brand-700' : ''}`;

/** Public header: logo, section anchors (landing page), public pages, and the account links. */
function SiteHeader() {
  const t = useT();
  const session = useSession();
  const { pathname } = useLocation();
  const solid = useScrolledPast();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const onLanding = pathname === '/';

  // Close the mobile menu on navigation: while rendering, when the address has changed (not in an effect, which
  // also runs when the header mounts: after a hydration that effect came after a tap replayed on the hydrated
  // button (decision 1220), and closed the menu the tap had just opened).
  const [menuFor, setMenuFor] = useState(pathname);
  if (menuFor !== pathname) {
    setMenuFor(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const name = firstName(session?.user);
  const dashboard = dashboardPath(session?.role);
  const close = () => setOpen(false);

  return (
    <header
      data-solid={solid || open ? 'true' : 'false'}
      className={`sticky top-0 z-40 transition-colors ${solid || open ? 'border-b border-slate-200 bg-white shadow-sm' : 'border-b border-transparent bg-transparent'}`}
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Link to="/" className="flex min-w-0 items-center gap-2 rounded-md" aria-label={t('site.homeLink')}>
          <Logo />
          <span className="truncate text-lg font-bold text-slate-900">MentorBridge</span>
        </Link>

        <nav aria-label={t('site.nav.main')} className="hidden items-center gap-1 lg:flex">
          {onLanding &&
            ANCHORS.map((a) => (
              <a key={a.id} href={`#${a.id}`} className={navLink}>
                {t(a.label)}
              </a>
            ))}
          {PAGES.map((p) => (
            <NavLink key={p.to} to={p.to} className={activeNav}>
              {t(p.label)}
            </NavLink>
          ))}
        </nav>

        <div className="hidden items-center gap-2 lg:flex">
          <LanguageMenu />
          {session ? (
            <>
              <Link to={dashboard} className={navLink}>
                {t('site.dashboard')}
              </Link>
              {name && (
                <span dir="auto" className="px-2 text-sm font-medium text-slate-800" data-testid="header-user-name">
                  {name}
                </span>
              )}
              <Link
                to="/logout"
                className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
              >
                {t('site.logout')}
              </Link>
            </>
          ) : (
            <>
              <Link to="/signin" className={navLink}>
                {t('site.signIn')}
              </Link>
              <Link to="/signup" className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800">
                {t('site.getStarted')}
              </Link>
            </>
          )}
        </div>

        <LanguageMenu className="ms-auto lg:hidden" />
        <button
          ref={buttonRef}
          type="button"
          className="rounded-md p-2 text-slate-800 hover:bg-slate-100 lg:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? t('site.closeMenu') : t('site.openMenu')}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X aria-hidden="true" className="h-6 w-6" /> : <Menu aria-hidden="true" className="h-6 w-6" />}
        </button>
      </div>

      <div id={menuId} hidden={!open} className="border-t border-slate-200 bg-white px-4 pb-4 lg:hidden">
        <nav aria-label={t('site.nav.mobile')}>
          <ul className="flex flex-col py-2">
            {onLanding &&
              ANCHORS.map((a) => (
                <li key={a.id}>
                  <a href={`#${a.id}`} className={`${navLink} block`} onClick={close}>
                    {t(a.label)}
                  </a>
                </li>
              ))}
            {PAGES.map((p) => (
              <li key={p.to}>
                <Link to={p.to} className={`${navLink} block`}>
                  {t(p.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-2 border-t border-slate-200 pt-3">
          {session ? (
            <>
              {name && (
                <p className="px-3 text-sm text-slate-700">
                  {rich(t('site.signedInAs', { name }), {
                    name: (chunk) => (
                      <bdi className="font-semibold text-slate-900">{chunk}</bdi>
                    ),
                  })}
                </p>
              )}
              <Link to={dashboard} className={`${navLink} block`}>
                {t('site.dashboard')}
              </Link>
              <Link to="/logout" className={mobileOutline}>
                {t('site.logout')}
              </Link>
            </>
          ) : (
            <>
              <Link to="/signin" className={mobileOutline}>
                {t('site.signIn')}
              </Link>
              <Link
                to="/signup"
                className="rounded-lg bg-brand-700 px-4 py-2 text-center text-sm font-medium text-white hover:bg-brand-800"
              >
                {t('site.getStarted')}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

function SiteFooter() {
  const t = useT();
  const format = useFormat();
  const year = format.number(new Date().getFullYear(), { useGrouping: false });
  return (
    <footer className="border-t border-slate-800 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div>
          <Link to="/" className="inline-flex items-center gap-2 rounded-md text-white">
            <Logo className="h-8 w-8" />
            <span className="text-lg font-bold">MentorBridge</span>
          </Link>
          <p className="mt-3 text-sm text-slate-300">{t('footer.tagline')}</p>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} aria-label={t(group.title)}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t(group.title)}</h2>
            <ul className="mt-3 space-y-2">
              {group.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="rounded text-sm text-slate-300 hover:text-white hover:underline">
                    {t(l.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        {/* The year is the server's when it rendered the page (decision 1070); a browser whose clock is already in
            another year (New Year's Eve across zones) keeps the server's text instead of failing hydration. */}
        <p className="mx-auto max-w-7xl px-4 py-4 text-sm text-slate-400 sm:px-6" suppressHydrationWarning>
          {t('footer.copyright', { year })}
        </p>
      </div>
    </footer>
  );
}

/** The frame of every public page: header, children (the page renders its own <main id="main">), footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <HydrationUnit>
        <SiteHeader />
      </HydrationUnit>
      {/* At least a screen tall: the footer starts below the fold, so a list that fills in after the first
          paint never pushes a visible footer down (layout shift, issue 27's CLS budget). */}
      <div className="min-h-svh flex-1">{children}</div>
      <HydrationUnit>
        <SiteFooter />
      </HydrationUnit>
    </div>
  );
}
