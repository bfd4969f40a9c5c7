import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Bell, CheckCheck } from 'lucide-react';
import type { NotificationDto } from '@app/shared/notifications';
import { Spinner } from '../../components/ui/feedback.tsx';
import { relativeTime } from '../../lib/format.ts';
import { useDismissable } from '../../lib/hooks.ts';
import { useMarkAllRead, useMarkRead, useNotificationStream, useNotifications, useUnreadCount } from './api.ts';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { NotificationLink, notificationTime } from './notification-link.tsx';
import { useFormat, useT } from '../../lib/i18n.tsx';

const SUBTYPE_STYLES: Record<string, string> = {
  approved: 'border-s-green-500',
  accepted: 'border-s-green-500',
  rejected: 'border-s-red-500',
  cancelled: 'border-s-slate-400',
};

/** The bell (spec 000 §2): badge capped at '99+', dropdown, mark all, click opens the action URL. */
export function NotificationBell() {
  const t = useT();
  const format = useFormat();
  const zone = useMyTimeZone();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const count = useUnreadCount();
  const list = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  // A new notification is announced (WCAG 4.1.3) through the polite live region below.
  const [announcement, setAnnouncement] = useState('');
  const onNew = useCallback((n: NotificationDto) => setAnnouncement(t('notifications.bell.new', { title: n.title })), [t]);
  useNotificationStream(onNew);
  const unread = count.data ?? list.data?.unreadCount ?? 0;

  useDismissable(open, () => setOpen(false), ref, buttonRef);

  const onItem = (n: NotificationDto) => {
    if (!n.isRead) markRead.mutate(n.id);
    setOpen(false);
  };

  return (
    <div className="relative" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={unread ? t('notifications.bell.labelUnread', { count: unread }) : t('notifications.title')}
        className="relative rounded-full p-2 text-slate-700 hover:bg-slate-100"
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
        {unread > 0 && (
          <span aria-hidden="true" className="absolute -top-0.5 -inset-e-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[10px] leading-5 font-bold text-white">
            {unread > 99 ? t('notifications.bell.overflow', { count: format.number(99) }) : format.number(unread)}
          </span>
        )}
      </button>
      {open && (
        <div className="absolute inset-e-0 z-50 mt-2 w-[min(22rem,calc(100vw-1.5rem))] rounded-xl border border-slate-200 bg-white shadow-lg" role="region" aria-label={t('notifications.title')}>
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-2">
            <h2 className="text-sm font-semibold">{t('notifications.title')}</h2>
            <button type="button" className="inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:underline disabled:opacity-50" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
              <CheckCheck aria-hidden="true" className="h-3.5 w-3.5" /> {t('notifications.markAll')}
            </button>
          </div>
          <div className="max-h-96 overflow-y-auto">
            {list.isPending ? (
              <Spinner label={t('notifications.loading')} />
            ) : list.isError ? (
              <p className="px-4 py-6 text-center text-sm text-red-700">{t('notifications.loadFailed')}</p>
            ) : list.data.notifications.length === 0 ? (
              <p className="px-4 py-8 text-center text-sm text-slate-600">{t('notifications.empty')}</p>
            ) : (
              <ul>
                {list.data.notifications.map((n) => (
                  <li key={n.id}>
                    <NotificationLink
                      url={n.actionUrl}
                      onOpen={() => onItem(n)}
                      className={`block w-full border-s-4 px-4 py-3 text-start hover:bg-slate-50 focus:bg-slate-50 ${SUBTYPE_STYLES[n.subType ?? ''] ?? 'border-s-transparent'} ${n.priority === 'high' ? 'bg-amber-50' : n.isRead ? '' : 'bg-brand-50/50'}`}
                    >
                      <span className="flex items-start justify-between gap-2">
                        <span className={`text-sm ${n.isRead ? 'text-slate-700' : 'font-semibold text-slate-900'}`}><bdi>{n.title}</bdi></span>
                        {!n.isRead && <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-600" role="img" aria-label={t('notifications.unread')} />}
                      </span>
                      <span className="mt-0.5 block text-xs text-slate-600" dir="auto">{n.message}</span>
                      <span className="mt-1 block text-[11px] text-slate-600">
                        <time dateTime={n.createdAt} title={notificationTime(n.createdAt, zone)}>{relativeTime(n.createdAt)}</time>
                        {n.priority === 'high' && <span className="ms-2 font-semibold text-amber-800">{t('notifications.highPriority')}</span>}
                      </span>
                    </NotificationLink>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="border-t border-slate-100 px-4 py-2 text-center">
            <Link to="/notifications" onClick={() => setOpen(false)} className="text-sm font-medium text-brand-700 underline">
              {t('notifications.seeAll')}
            </Link>
          </div>
        </div>
      )}
      <p className="sr-only" role="status" aria-live="polite">{announcement}</p>
    </div>
  );
}
