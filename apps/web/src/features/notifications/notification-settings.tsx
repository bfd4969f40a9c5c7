import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CalendarPlus, Copy, RefreshCw } from 'lucide-react';
import { envelope } from '@app/shared/api';
import {
  CALENDAR_FEED_MESSAGES,
  EMAIL_CATEGORIES,
  NOTIFICATION_PREFERENCES_SAVED,
  calendarFeedLink,
  calendarFeedStatus,
  notificationPreferencesData,
  type CalendarFeedLink,
  type EmailCategory,
  type EmailPreferences,
} from '@app/shared/notifications';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { api, errorMessage } from '../../lib/api.ts';
import { PushSettings } from './push-settings.tsx';
import { useFormat, useT } from '../../lib/i18n.tsx';

const PREFS_KEY = ['notifications', 'preferences'] as const;
const FEED_KEY = ['calendar', 'feed-link'] as const;

/** E-mail preferences per category and the private calendar link: the same panel for every role. */
export function NotificationSettings() {
  return (
    <div className="space-y-6">
      <EmailPreferencesForm />
      <PushSettings />
      <CalendarFeed />
    </div>
  );
}

function EmailPreferencesForm() {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const headingId = useId();
  const prefs = useQuery({
    queryKey: PREFS_KEY,
    queryFn: ({ signal }) => api('/notifications/preferences', envelope(notificationPreferencesData), { signal }).then((r) => r.data.email),
  });
  const [draft, setDraft] = useState<EmailPreferences | null>(null);
  useEffect(() => {
    if (prefs.data) setDraft(prefs.data);
  }, [prefs.data]);
  const save = useMutation({
    mutationFn: (email: EmailPreferences) =>
      api('/notifications/preferences', envelope(notificationPreferencesData), { method: 'PUT', body: { email } }),
    onSuccess: (res) => {
      client.setQueryData(PREFS_KEY, res.data.email);
      toast.success(res.message ?? NOTIFICATION_PREFERENCES_SAVED);
    },
  });
  const changed = draft && prefs.data && EMAIL_CATEGORIES.some((c) => draft[c] !== prefs.data[c]);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {t('notifications.email.heading')}
      </h3>
      <p className="text-sm text-slate-600">
        {t('notifications.email.intro')}
      </p>
      {prefs.isPending ? (
        <Spinner label={t('notifications.email.loading')} />
      ) : prefs.isError || !draft ? (
        <ErrorState message={errorMessage(prefs.error, t('notifications.email.loadFailed'))} onRetry={() => void prefs.refetch()} />
      ) : (
        <form
          className="mt-3 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(draft);
          }}
        >
          <fieldset className="space-y-3">
            <legend className="sr-only">{t('notifications.email.legend')}</legend>
            {EMAIL_CATEGORIES.map((c: EmailCategory) => (
              <label key={c} className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  className="mt-1 h-4 w-4"
                  name={`email-${c}`}
                  checked={draft[c]}
                  onChange={(e) => setDraft({ ...draft, [c]: e.target.checked })}
                />
                <span>
                  <span className="font-medium text-slate-900">{t('notifications.email.category', { category: c })}</span>
                  <span className="block text-slate-600">{t('notifications.email.categoryHint', { category: c })}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {save.isError && <Alert kind="error">{errorMessage(save.error, t('notifications.email.saveFailed'))}</Alert>}
          <Button type="submit" disabled={!changed || save.isPending}>
            {save.isPending ? t('workshops.form.saving') : t('notifications.email.save')}
          </Button>
        </form>
      )}
    </section>
  );
}

function CopyField({ label, copyLabel, value }: { label: string; copyLabel: string; value: string }) {
  const t = useT();
  const toast = useToast();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input id={id} readOnly value={value} dir="ltr" className="min-w-0 flex-1 text-start rounded-lg border border-slate-500 bg-slate-50 px-3 py-2 font-mono text-xs" onFocus={(e) => e.target.select()} />
        <Button
          variant="secondary"
          size="sm"
          aria-label={copyLabel}
          onClick={() => {
            navigator.clipboard.writeText(value).then(
              () => toast.success(t('notifications.feed.copied')),
              () => toast.error(t('notifications.feed.copyFailed')),
            );
          }}
        >
          <Copy className="h-4 w-4" aria-hidden="true" /> {t('notifications.feed.copy')}
        </Button>
      </div>
    </div>
  );
}

function CalendarFeed() {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const client = useQueryClient();
  const headingId = useId();
  const status = useQuery({
    queryKey: FEED_KEY,
    queryFn: ({ signal }) => api('/calendar/feed-link', envelope(calendarFeedStatus), { signal }).then((r) => r.data),
  });
  const [link, setLink] = useState<CalendarFeedLink | null>(null);
  const [confirming, setConfirming] = useState<'regenerate' | 'off' | null>(null);
  const create = useMutation({
    mutationFn: () => api('/calendar/feed-link', envelope(calendarFeedLink), { method: 'POST' }),
    onSuccess: (res) => {
      setLink(res.data);
      setConfirming(null);
      void client.invalidateQueries({ queryKey: FEED_KEY });
      toast.success(res.message ?? CALENDAR_FEED_MESSAGES.created);
    },
  });
  const off = useMutation({
    mutationFn: () => api('/calendar/feed-link', envelope(z.object({ active: z.literal(false) })), { method: 'DELETE' }),
    onSuccess: (res) => {
      setLink(null);
      setConfirming(null);
      void client.invalidateQueries({ queryKey: FEED_KEY });
      toast.success(res.message ?? CALENDAR_FEED_MESSAGES.revoked);
    },
  });
  const busy = create.isPending || off.isPending;
  const error = create.error ?? off.error;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {t('notifications.feed.heading')}
      </h3>
      <p className="text-sm text-slate-600">
        {t('notifications.feed.intro')}
      </p>
      {status.isPending ? (
        <Spinner label={t('notifications.feed.loading')} />
      ) : status.isError ? (
        <ErrorState message={errorMessage(status.error, t('notifications.feed.loadFailed'))} onRetry={() => void status.refetch()} />
      ) : (
        <div className="mt-3 space-y-3">
          {link ? (
            <div className="space-y-3">
              <Alert kind="info">{t('notifications.feed.shownOnce')}</Alert>
              <CopyField label={t('notifications.feed.link')} copyLabel={t('notifications.feed.copyLink')} value={link.url} />
              <CopyField label={t('notifications.feed.webcal')} copyLabel={t('notifications.feed.copyWebcal')} value={link.webcalUrl} />
              <a className="inline-block text-sm font-medium text-brand-700 underline" href={link.webcalUrl}>
                {t('notifications.feed.open')}
              </a>
            </div>
          ) : status.data.active ? (
            <p className="text-sm text-slate-700">
              {status.data.lastUsedAt
                ? t('notifications.feed.activeUsed', { created: format.date(status.data.createdAt ?? ''), used: format.date(status.data.lastUsedAt) })
                : t('notifications.feed.activeUnused', { created: format.date(status.data.createdAt ?? '') })}
            </p>
          ) : (
            <p className="text-sm text-slate-700">{t('notifications.feed.none')}</p>
          )}
          {error && <Alert kind="error">{errorMessage(error, t('common.somethingWrong'))}</Alert>}
          {confirming ? (
            <div role="group" aria-label={t('shell.dialog.confirm')} className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              <p>
                {confirming === 'regenerate'
                  ? t('notifications.feed.confirmNew')
                  : t('notifications.feed.confirmOff')}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="danger"
                  size="sm"
                  disabled={busy}
                  onClick={() => (confirming === 'regenerate' ? create.mutate() : off.mutate())}
                >
                  {confirming === 'regenerate' ? t('notifications.feed.yesNew') : t('notifications.feed.yesOff')}
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setConfirming(null)}>
                  {t('notifications.feed.keep')}
                </Button>
              </div>
            </div>
          ) : status.data.active || link ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" disabled={busy} onClick={() => setConfirming('regenerate')}>
                <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('notifications.feed.new')}
              </Button>
              <Button variant="ghost" size="sm" disabled={busy} onClick={() => setConfirming('off')}>
                {t('notifications.feed.off')}
              </Button>
            </div>
          ) : (
            <Button size="sm" disabled={busy} onClick={() => create.mutate()}>
              <CalendarPlus className="h-4 w-4" aria-hidden="true" /> {create.isPending ? t('notifications.feed.creating') : t('notifications.feed.create')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
