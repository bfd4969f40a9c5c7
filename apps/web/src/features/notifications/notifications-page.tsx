import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Bell, CheckCheck } from 'lucide-react';
import { NOTIFICATION_PAGE_SIZE, NOTIFICATION_TYPES, type NotificationType } from '@app/shared/notification-constants';
import { AppShell } from '../../app/app-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { api, errorMessage } from '../../lib/api.ts';
import { relativeTime } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { notificationSchema, useMarkAllRead, useMarkRead } from './api.ts';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { NotificationLink, notificationTime } from './notification-link.tsx';
import { useFormat, useT } from '../../lib/i18n.tsx';

const isType = (v: string | null): v is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(v ?? '');

/**
 * /notifications, for every role: all of the person's notifications with filters (unread, category)
 * kept in the query string, each a link to its object, times in the viewer's zone.
 */
export function NotificationsPage() {
  const t = useT();
  const format = useFormat();
  const zone = useMyTimeZone();
  useDocumentTitle(t('notifications.title'));
  const [params, setParams] = useSearchParams();
  const unreadOnly = params.get('unread') === '1';
  const category = isType(params.get('category')) ? (params.get('category') as NotificationType) : null;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useQuery({
    queryKey: ['notifications', 'page', { unreadOnly, category, page }],
    queryFn: ({ signal }) =>
      api('/notifications', notificationSchema('listAnswer'), {
        query: { limit: NOTIFICATION_PAGE_SIZE, page, unreadOnly: unreadOnly ? 'true' : undefined, type: category ?? undefined },
        signal,
      }).then((r) => r.data),
    placeholderData: (previous) => previous,
  });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const filtered = unreadOnly || category !== null;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / NOTIFICATION_PAGE_SIZE)) : 1;

  return (
    <AppShell>
      <main id="main" className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold text-slate-900">{t('notifications.title')}</h1>
            <p className="mt-1 text-slate-700">{t('notifications.page.intro')}</p>
          </div>
          <Button variant="secondary" onClick={() => markAll.mutate()} disabled={markAll.isPending || (list.data?.unreadCount ?? 0) === 0}>
            <CheckCheck aria-hidden="true" className="h-4 w-4" /> {t('notifications.markAll')}
          </Button>
        </div>
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          <SelectField label={t('notifications.page.show')} value={unreadOnly ? 'unread' : 'all'} onChange={(e) => update({ unread: e.target.value === 'unread' ? '1' : null })}>
            <option value="all">{t('notifications.page.all')}</option>
            <option value="unread">{t('notifications.page.unreadOnly')}</option>
          </SelectField>
          <SelectField label={t('notifications.page.category')} value={category ?? ''} onChange={(e) => update({ category: e.target.value || null })}>
            <option value="">{t('notifications.page.allCategories')}</option>
            {NOTIFICATION_TYPES.map((type) => (
              <option key={type} value={type}>{t('notifications.type', { type: type.replace('-', '') })}</option>
            ))}
          </SelectField>
        </div>
        <div className="mt-6" aria-busy={list.isFetching}>
          {list.isPending ? (
            <div className="space-y-2">{[0, 1, 2].map((i) => <Skeleton key={i} className="h-16" />)}</div>
          ) : list.isError ? (
            <ErrorState message={errorMessage(list.error, t('notifications.loadFailed'))} onRetry={() => void list.refetch()} />
          ) : list.data.notifications.length === 0 ? (
            <EmptyState
              icon={<Bell aria-hidden="true" className="h-6 w-6" />}
              title={filtered ? t('notifications.page.emptyFiltered') : t('notifications.empty')}
              action={filtered ? <Button variant="secondary" onClick={() => setParams({})}>{t('notifications.page.clear')}</Button> : null}
            />
          ) : (
            <>
              <p className="mb-2 text-sm text-slate-700" role="status">
                {t('notifications.page.count', { count: list.data.total, unread: format.number(list.data.unreadCount) })}
              </p>
              <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
                {list.data.notifications.map((n) => (
                  <li key={n.id}>
                    <NotificationLink
                      url={n.actionUrl}
                      onOpen={() => {
                        if (!n.isRead) markRead.mutate(n.id);
                      }}
                      className={`block px-4 py-3 hover:bg-slate-50 focus:bg-slate-50 ${n.isRead ? '' : 'bg-brand-50/60'}`}
                    >
                      <span className="flex items-start justify-between gap-2">
                        <span className={`text-sm ${n.isRead ? 'text-slate-800' : 'font-semibold text-slate-900'}`}>
                          <bdi>{n.title}</bdi>
                        </span>
                        {!n.isRead && <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-600" role="img" aria-label={t('notifications.unread')} />}
                      </span>
                      <span className="mt-0.5 block text-sm text-slate-700" dir="auto">{n.message}</span>
                      <span className="mt-1 block text-xs text-slate-600">
                        {t('notifications.type', { type: n.type.replace('-', '') })} · <time dateTime={n.createdAt} title={notificationTime(n.createdAt, zone)}>{notificationTime(n.createdAt, zone)}</time> ({relativeTime(n.createdAt)})
                        {!n.actionUrl && <> · {t('notifications.page.noLink')}</>}
                      </span>
                    </NotificationLink>
                  </li>
                ))}
              </ul>
              <Pagination page={page} pages={pages} onChange={(p) => update({ page: String(p) })} label={t('notifications.page.pages')} />
            </>
          )}
        </div>
      </main>
    </AppShell>
  );
}
