import { useRef, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Accessibility, ChevronDown, LogOut, ShieldCheck } from 'lucide-react';
import { Logo } from '../ui/logo.tsx';
import { LanguageMenu } from '../ui/language-menu.tsx';
import { displayName, useSession } from '../../lib/session.ts';
import { initials } from '../../lib/format.ts';
import { useDismissable } from '../../lib/hooks.ts';
import { useT } from '../../lib/i18n.tsx';

/** One entry of a role's main navigation (app/app-shell.tsx). */
export interface NavItem {
  to: string;
  label: string;
}

export interface MenuItem {
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
}

/**
 * The one header of the signed-in app (app/app-shell.tsx): logo, portal name, the role's main
 * navigation, a slot for the notification bell and other actions, and the account menu ending with
 * Sign Out (→ /logout). On a phone the navigation moves into the account menu.
 */
export function DashboardHeader({ portal, actions, menuItems = [], avatarUrl, nav = [] }: { portal: string; actions?: ReactNode; menuItems?: MenuItem[]; avatarUrl?: string | null; nav?: NavItem[] }) {
  const t = useT();
  const session = useSession();
  const name = displayName(session?.user);
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useDismissable(open, () => setOpen(false), menuRef, buttonRef, () =>
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus(),
  );

  const onMenuKey = (e: React.KeyboardEvent) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      items[(index + 1) % items.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      items[(index - 1 + items.length) % items.length]?.focus();
    }
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-3 py-3 sm:gap-3 sm:px-6">
        {/* On a 360 px phone the brand keeps its full name: the controls beside it stay compact. */}
        <Link to="/" className="flex min-w-0 items-center gap-2 sm:gap-3" aria-label={t('shell.header.home')}>
          <Logo />
          <span className="min-w-0">
            <span className="block truncate font-semibold text-slate-900">MentorBridge</span>
            <span className="block truncate text-xs text-slate-600">{portal}</span>
          </span>
        </Link>
        {nav.length > 0 && (
          <nav aria-label={t('site.nav.main')} className="hidden min-w-0 flex-1 items-center gap-1 px-2 md:flex">
            {nav.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end
                className={({ isActive }) =>
                  `rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 ${isActive ? 'text-brand-800 underline decoration-2 underline-offset-8' : 'text-slate-700'}`
                }
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
        )}
        <div className="flex shrink-0 items-center gap-0.5 sm:gap-2">
          {/* The person's language (saved in their profile); on a phone it is on the public pages' header. */}
          <LanguageMenu className="hidden sm:inline-flex" />
          {actions}
          <div className="relative" ref={menuRef} onKeyDown={onMenuKey}>
            <button
              ref={buttonRef}
              type="button"
              className="flex items-center gap-2 rounded-full p-1 hover:bg-slate-100 sm:pe-2"
              aria-haspopup="menu"
              aria-expanded={open}
              aria-label={name ? t('shell.header.accountMenuFor', { name }) : t('shell.header.accountMenu')}
              onClick={() => setOpen((v) => !v)}
            >
              {avatarUrl ? (
                <img src={avatarUrl} alt="" className="h-8 w-8 rounded-full object-cover" />
              ) : (
                <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800">
                  {initials(name) || '?'}
                </span>
              )}
              <span dir="auto" className="hidden max-w-40 truncate text-sm font-medium sm:block">{name}</span>
              <ChevronDown aria-hidden="true" className="hidden h-4 w-4 text-slate-500 sm:block" />
            </button>
            {open && (
              <div role="menu" aria-label={t('shell.header.account')} className="absolute inset-e-0 mt-2 w-56 rounded-xl border border-slate-200 bg-white py-1 shadow-lg">
                <div className="border-b border-slate-100 px-4 py-2">
                  <p dir="auto" className="truncate text-sm font-medium">{name}</p>
                  <p className="text-xs text-slate-600">{t('shell.role', { role: session?.role ?? 'other' })}</p>
                </div>
                {nav.map((item) => (
                  <Link
                    key={item.to}
                    role="menuitem"
                    tabIndex={-1}
                    to={item.to}
                    className="flex w-full items-center gap-2 px-4 py-2 text-start text-sm hover:bg-slate-50 focus:bg-slate-50 md:hidden"
                    onClick={() => setOpen(false)}
                  >
                    {item.label}
                  </Link>
                ))}
                {menuItems.map((item) => (
                  <button
                    key={item.label}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className="flex w-full items-center gap-2 px-4 py-2 text-start text-sm hover:bg-slate-50 focus:bg-slate-50"
                    onClick={() => {
                      setOpen(false);
                      item.onSelect();
                    }}
                  >
                    {item.icon}
                    {item.label}
                  </button>
                ))}
                <Link role="menuitem" tabIndex={-1} to="/account/security" className="flex w-full items-center gap-2 px-4 py-2 text-start text-sm hover:bg-slate-50 focus:bg-slate-50">
                  <ShieldCheck aria-hidden="true" className="h-4 w-4" /> {t('shell.header.security')}
                </Link>
                <Link role="menuitem" tabIndex={-1} to="/accessibility" className="flex w-full items-center gap-2 px-4 py-2 text-start text-sm hover:bg-slate-50 focus:bg-slate-50">
                  <Accessibility aria-hidden="true" className="h-4 w-4" /> {t('footer.accessibility')}
                </Link>
                <Link role="menuitem" tabIndex={-1} to="/logout" className="flex w-full items-center gap-2 px-4 py-2 text-start text-sm text-red-700 hover:bg-red-50 focus:bg-red-50">
                  <LogOut aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" /> {t('student.menu.signOut')}
                </Link>
              </div>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}

/** Breadcrumb 'Home > {current}' above a dashboard. */
export function Breadcrumb({ current }: { current: string }) {
  const t = useT();
  return (
    <nav aria-label={t('shell.breadcrumb')} className="mx-auto max-w-7xl px-4 pt-4 text-sm sm:px-6">
      <ol className="flex items-center gap-2 text-slate-600">
        <li>
          <Link to="/" className="hover:text-brand-700 hover:underline">{t('common.home')}</Link>
        </li>
        <li aria-hidden="true">›</li>
        <li aria-current="page" className="font-medium text-slate-900">{current}</li>
      </ol>
    </nav>
  );
}
