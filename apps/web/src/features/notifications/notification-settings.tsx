import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CalendarPlus, Copy, RefreshCw } from 'lucide-react';
import { envelope } from '@app/shared/api';
import {
  CALENDAR_FEED_MESSAGES,
  EMAIL_CATEGORIES,
  EMAIL_CATEGORY_LABELS,
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
import { formatDate } from '../../lib/format.ts';
import { PushSettings } from './push-settings.tsx';

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
        E-mail notifications
      </h3>
      <p className="text-sm text-slate-600">
        Choose which e-mails you receive. Notifications in MentorBridge always stay on; account and password e-mails are always sent.
      </p>
      {prefs.isPending ? (
        <Spinner label="Loading preferences…" />
      ) : prefs.isError || !draft ? (
        <ErrorState message={errorMessage(prefs.error, 'Failed to load your preferences')} onRetry={() => void prefs.refetch()} />
      ) : (
        <form
          className="mt-3 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(draft);
          }}
        >
          <fieldset className="space-y-3">
            <legend className="sr-only">E-mail me about</legend>
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
                  <span className="font-medium text-slate-900">{EMAIL_CATEGORY_LABELS[c].label}</span>
                  <span className="block text-slate-600">{EMAIL_CATEGORY_LABELS[c].hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {save.isError && <Alert kind="error">{errorMessage(save.error, 'Failed to save your preferences')}</Alert>}
          <Button type="submit" disabled={!changed || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save e-mail preferences'}
          </Button>
        </form>
      )}
    </section>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  const toast = useToast();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input id={id} readOnly value={value} className="min-w-0 flex-1 rounded-lg border border-slate-500 bg-slate-50 px-3 py-2 font-mono text-xs" onFocus={(e) => e.target.select()} />
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Copy ${label.toLowerCase()}`}
          onClick={() => {
            navigator.clipboard.writeText(value).then(
              () => toast.success('Link copied'),
              () => toast.error('Copy failed: select the link and copy it yourself'),
            );
          }}
        >
          <Copy className="h-4 w-4" aria-hidden="true" /> Copy
        </Button>
      </div>
    </div>
  );
}

function CalendarFeed() {
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
        Calendar subscription
      </h3>
      <p className="text-sm text-slate-600">
        A private link that Google Calendar, Outlook or Apple Calendar can subscribe to: your workshops, mentoring sessions and interviews
        stay up to date there without downloads. Anyone with the link can read it, so keep it to yourself.
      </p>
      {status.isPending ? (
        <Spinner label="Loading calendar link…" />
      ) : status.isError ? (
        <ErrorState message={errorMessage(status.error, 'Failed to load your calendar link')} onRetry={() => void status.refetch()} />
      ) : (
        <div className="mt-3 space-y-3">
          {link ? (
            <div className="space-y-3">
              <Alert kind="info">Copy the link now: for your safety it is shown only once. If you lose it, create a new one.</Alert>
              <CopyField label="Calendar link" value={link.url} />
              <CopyField label="Link for calendar apps (webcal)" value={link.webcalUrl} />
              <a className="inline-block text-sm font-medium text-brand-700 underline" href={link.webcalUrl}>
                Open in my calendar app
              </a>
            </div>
          ) : status.data.active ? (
            <p className="text-sm text-slate-700">
              A calendar link is active, created {formatDate(status.data.createdAt ?? '')}
              {status.data.lastUsedAt ? `, last read by a calendar ${formatDate(status.data.lastUsedAt)}` : ', not used by a calendar yet'}.
            </p>
          ) : (
            <p className="text-sm text-slate-700">You have no calendar link yet.</p>
          )}
          {error && <Alert kind="error">{errorMessage(error, 'Something went wrong. Please try again.')}</Alert>}
          {confirming ? (
            <div role="group" aria-label="Confirm" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              <p>
                {confirming === 'regenerate'
                  ? 'Create a new link? The current link stops working at once: calendars subscribed to it must subscribe again.'
                  : 'Turn the link off? Calendars subscribed to it stop updating.'}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="danger"
                  size="sm"
                  disabled={busy}
                  onClick={() => (confirming === 'regenerate' ? create.mutate() : off.mutate())}
                >
                  {confirming === 'regenerate' ? 'Yes, create a new link' : 'Yes, turn it off'}
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setConfirming(null)}>
                  Keep the current link
                </Button>
              </div>
            </div>
          ) : status.data.active || link ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" disabled={busy} onClick={() => setConfirming('regenerate')}>
                <RefreshCw className="h-4 w-4" aria-hidden="true" /> Create a new link
              </Button>
              <Button variant="ghost" size="sm" disabled={busy} onClick={() => setConfirming('off')}>
                Turn off
              </Button>
            </div>
          ) : (
            <Button size="sm" disabled={busy} onClick={() => create.mutate()}>
              <CalendarPlus className="h-4 w-4" aria-hidden="true" /> {create.isPending ? 'Creating…' : 'Create my calendar link'}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
