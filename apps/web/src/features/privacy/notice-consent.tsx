import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ConsentPurpose,
  type MyConsentsData,
  type PrivacyNoticeDto,
} from '@app/shared/privacy';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert, TextArea, TextField } from '../../components/ui/field.tsx';
import { PANEL_CARD, Panel } from '../../components/ui/panel.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { api, errorMessage, schemasFrom } from '../../lib/api.ts';
import { useFormat, useT, type MessageKey } from '../../lib/i18n.tsx';
import { useSession } from '../../lib/session.ts';

/** The versioned privacy notice and optional consents (issue 24, decisions 840 and 841). */

// Sign-up and every signed-in page read the notice: its schemas (and zod) load with the request (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

export const NOTICE_KEY = ['privacy', 'notice'] as const;
export const MY_CONSENTS_KEY = ['privacy', 'me', 'consents'] as const;
const ADMIN_NOTICES_KEY = ['privacy', 'admin', 'notices'] as const;

/** The current notice (public): null before an administrator published the first version. */
export function useCurrentNotice() {
  return useQuery({
    queryKey: NOTICE_KEY,
    queryFn: ({ signal }) => api('/privacy/notice', answer('currentNoticeAnswer'), { signal, anonymous: true }).then((r) => r.data.notice),
    staleTime: 60_000,
  });
}

function useMyConsents(enabled = true) {
  return useQuery({
    queryKey: MY_CONSENTS_KEY,
    queryFn: ({ signal }) => api('/privacy/me/consents', answer('myConsentsAnswer'), { signal }).then((r) => r.data),
    enabled,
  });
}

/** The notice's text: plain text, a blank line between paragraphs (never HTML). */
export function NoticeText({ notice }: { notice: PrivacyNoticeDto }) {
  return (
    <div className="space-y-3 text-sm text-slate-800">
      {notice.body.split(/\n\s*\n/).map((p, i) => (
        <p key={i} className="whitespace-pre-line">
          {p}
        </p>
      ))}
    </div>
  );
}

/** The notice in a large dialog titled by the notice; the caller gives the footer's buttons and the body. */
function NoticeDialog({ notice, open, onClose, footer, children }: { notice: PrivacyNoticeDto; open: boolean; onClose: () => void; footer: ReactNode; children: ReactNode }) {
  return (
    <Dialog open={open} size="lg" title={notice.title} onClose={onClose} footer={footer}>
      {children}
    </Dialog>
  );
}

/**
 * Under a registration form's terms checkbox: which notice version registering accepts, and the notice
 * itself in a dialog. Renders nothing before the first version is published (the form sends no version).
 */
export function RegistrationNotice({ notice }: { notice: PrivacyNoticeDto | null | undefined }) {
  const t = useT();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  if (!notice) return null;
  return (
    <div className="text-sm text-slate-700">
      <p>
        {t('privacy.notice.version', { version: notice.version, date: format.date(notice.publishedAt, { dateStyle: 'medium' }) })}{' '}
        <button type="button" className="rounded font-medium text-brand-700 underline hover:text-brand-800" onClick={() => setOpen(true)}>
          {t('privacy.notice.read')}
        </button>
      </p>
      <NoticeDialog
        notice={notice}
        open={open}
        onClose={() => setOpen(false)}
        footer={
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('privacy.notice.close')}
          </Button>
        }
      >
        <NoticeText notice={notice} />
      </NoticeDialog>
    </div>
  );
}

/**
 * At sign-in (any signed-in page): a person who has not accepted the latest material version is asked on
 * every page until they do, by a banner above the page that opens the notice (decision 840: a banner, not a
 * blocking dialog, so that nothing a person was doing is interrupted). Nothing shows while asking the server.
 */
export function NoticeGate() {
  const session = useSession();
  const consents = useMyConsents(Boolean(session));
  if (!session || !consents.data?.mustAccept || !consents.data.notice) return null;
  return <NoticeBanner notice={consents.data.notice} />;
}

function NoticeBanner({ notice }: { notice: PrivacyNoticeDto }) {
  const t = useT();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const accept = useMutation({
    mutationFn: () => api('/privacy/me/notice', answer('myConsentsAnswer'), { method: 'POST', body: { version: notice.version } }),
    onSuccess: (r) => {
      setOpen(false);
      client.setQueryData(MY_CONSENTS_KEY, r.data);
      // An administrator's history counts the acceptance.
      void client.invalidateQueries({ queryKey: ADMIN_NOTICES_KEY });
    },
    // The notice changed while it was read: show the new one.
    onError: () => void client.invalidateQueries({ queryKey: MY_CONSENTS_KEY }),
  });
  return (
    <section aria-labelledby="notice-banner-title" className="border-b border-amber-300 bg-amber-50 px-4 py-3">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="notice-banner-title" className="font-semibold text-amber-950">
            {t('privacy.notice.gateTitle')}
          </h2>
          <p className="text-sm text-amber-950">{t('privacy.notice.gateIntro', { version: notice.version })}</p>
        </div>
        <Button size="sm" onClick={() => setOpen(true)}>
          {t('privacy.notice.read')}
        </Button>
      </div>
      <NoticeDialog
        notice={notice}
        open={open}
        onClose={() => setOpen(false)}
        footer={
          <>
            <Link to="/logout" className={buttonClass('ghost')}>
              {t('privacy.notice.signOut')}
            </Link>
            <Button onClick={() => accept.mutate()} disabled={accept.isPending}>
              {accept.isPending ? t('privacy.notice.saving') : t('privacy.notice.accept')}
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          {accept.isError && <Alert kind="error">{errorMessage(accept.error, t('privacy.notice.acceptFailed'))}</Alert>}
          {notice.summary && (
            <section aria-labelledby="notice-changes" className="rounded-lg border border-slate-200 bg-slate-50 p-3">
              <h3 id="notice-changes" className="font-semibold text-slate-900">
                {t('privacy.notice.whatChanged')}
              </h3>
              <p className="mt-1 whitespace-pre-line text-sm text-slate-800">{notice.summary}</p>
            </section>
          )}
          <NoticeText notice={notice} />
        </div>
      </NoticeDialog>
    </section>
  );
}

const PURPOSE_KEYS: Record<ConsentPurpose, { label: MessageKey; hint: MessageKey }> = {
  matching: { label: 'privacy.consent.matching', hint: 'privacy.consent.matching.hint' },
  emails: { label: 'privacy.consent.emails', hint: 'privacy.consent.emails.hint' },
};

/** "Your choices" in Your data: the notice accepted, each optional consent, and their history. */
export function ConsentsPanel() {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const client = useQueryClient();
  const consents = useMyConsents();
  const save = useMutation({
    mutationFn: ({ purpose, granted }: { purpose: ConsentPurpose; granted: boolean }) =>
      api(`/privacy/me/consents/${purpose}`, answer('myConsentsAnswer'), { method: 'PUT', body: { granted } }),
    // The box follows the click at once; a failure puts the server's answer back. A read still in
    // flight (the panel's first load) is cancelled so its older answer cannot undo the click.
    onMutate: async ({ purpose, granted }) => {
      await client.cancelQueries({ queryKey: MY_CONSENTS_KEY });
      client.setQueryData<MyConsentsData>(MY_CONSENTS_KEY, (old) =>
        old ? { ...old, consents: old.consents.map((c) => (c.purpose === purpose ? { ...c, granted } : c)) } : old,
      );
    },
    onSuccess: (r) => {
      client.setQueryData(MY_CONSENTS_KEY, r.data);
      // Suggestions follow the choice at once.
      void client.invalidateQueries({ queryKey: ['matching'] });
      toast.success(t('privacy.consent.saved'));
    },
    onError: (e) => {
      void client.invalidateQueries({ queryKey: MY_CONSENTS_KEY });
      toast.error(errorMessage(e, t('privacy.consent.saveFailed')));
    },
  });
  const when = (iso: string) => format.dateTime(iso, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section aria-labelledby="your-data-choices" className="space-y-3">
      <h3 id="your-data-choices" className="font-semibold text-slate-900">
        {t('privacy.consent.title')}
      </h3>
      {consents.isPending ? (
        <Spinner label={t('privacy.consent.loading')} />
      ) : consents.isError ? (
        <ErrorState message={errorMessage(consents.error, t('privacy.consent.loadFailed'))} onRetry={() => void consents.refetch()} />
      ) : (
        <ConsentsBody data={consents.data} when={when} busy={save.isPending} onChange={(purpose, granted) => save.mutate({ purpose, granted })} />
      )}
    </section>
  );
}

function ConsentsBody({ data, when, busy, onChange }: { data: MyConsentsData; when: (iso: string) => string; busy: boolean; onChange: (p: ConsentPurpose, granted: boolean) => void }) {
  const t = useT();
  const accepted = data.acceptances[0];
  return (
    <>
      <p className="text-sm text-slate-600">{t('privacy.consent.intro')}</p>
      <ul className="space-y-3">
        {data.consents.map((c) => (
          <li key={c.purpose} className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
            <input
              id={`consent-${c.purpose}`}
              type="checkbox"
              className="mt-1 h-4 w-4 shrink-0"
              checked={c.granted}
              disabled={busy}
              aria-describedby={`consent-${c.purpose}-hint`}
              onChange={(e) => onChange(c.purpose, e.target.checked)}
            />
            <div>
              <label htmlFor={`consent-${c.purpose}`} className="text-sm font-medium text-slate-900">
                {t(PURPOSE_KEYS[c.purpose].label)}
              </label>
              <p id={`consent-${c.purpose}-hint`} className="text-sm text-slate-600">
                {t(PURPOSE_KEYS[c.purpose].hint)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700">
        {accepted ? t('privacy.consent.accepted', { version: accepted.version, date: when(accepted.at) }) : t('privacy.consent.notAccepted')}
      </p>
      {data.history.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer rounded font-medium text-slate-800">{t('privacy.consent.history')}</summary>
          <ul className="mt-2 space-y-1 text-slate-700">
            {data.history.map((h, i) => (
              <li key={`${h.at}-${i}`}>
                {t(h.granted ? 'privacy.consent.given' : 'privacy.consent.withdrawn', { date: when(h.at), purpose: t(PURPOSE_KEYS[h.purpose].label) })}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

/** Admin → Privacy → Privacy notice: publish the next version; the published ones, kept. */
export function AdminNoticesPanel() {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const client = useQueryClient();
  const list = useQuery({
    queryKey: ADMIN_NOTICES_KEY,
    queryFn: ({ signal }) => api('/privacy/admin/notices', answer('adminNoticesAnswer'), { signal }).then((r) => r.data.notices),
  });
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [summary, setSummary] = useState('');
  const [material, setMaterial] = useState(true);
  const publish = useMutation({
    mutationFn: () => api('/privacy/admin/notices', answer('adminNoticeAnswer'), { method: 'POST', body: { title, body, summary, material } }),
    onSuccess: (r) => {
      toast.success(t('privacy.admin.notices.published', { version: r.data.notice.version }));
      setTitle('');
      setBody('');
      setSummary('');
      void client.invalidateQueries({ queryKey: ADMIN_NOTICES_KEY });
      void client.invalidateQueries({ queryKey: NOTICE_KEY });
      void client.invalidateQueries({ queryKey: MY_CONSENTS_KEY });
    },
  });
  const next = (list.data?.[0]?.version ?? 0) + 1;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    publish.mutate();
  };

  return (
    <Panel headingId="privacy-notice-admin" className={`space-y-4 ${PANEL_CARD}`} title={t('privacy.admin.notices.title')} intro={t('privacy.admin.notices.intro')}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        {publish.isError && <Alert kind="error">{errorMessage(publish.error, t('privacy.admin.notices.failed'))}</Alert>}
        <TextField label={t('privacy.admin.notices.titleField')} value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
        <TextArea label={t('privacy.admin.notices.bodyField')} hint={t('privacy.admin.notices.bodyHint')} value={body} onChange={(e) => setBody(e.target.value)} required rows={8} />
        <TextArea label={t('privacy.admin.notices.summaryField')} value={summary} onChange={(e) => setSummary(e.target.value)} rows={2} maxLength={2000} />
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" className="mt-0.5 h-4 w-4" checked={material} onChange={(e) => setMaterial(e.target.checked)} />
          <span>{t('privacy.admin.notices.material')}</span>
        </label>
        <Button type="submit" disabled={publish.isPending || list.isPending}>
          {t('privacy.admin.notices.publish', { version: next })}
        </Button>
      </form>
      <h3 className="font-semibold text-slate-900">{t('privacy.admin.notices.history')}</h3>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, t('privacy.admin.notices.loadFailed'))} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('privacy.admin.notices.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {list.data.map((n) => (
            <li key={n.version} className="space-y-1 px-3 py-2 text-sm">
              <p className="font-medium text-slate-900">
                {t('privacy.admin.notices.row', {
                  version: n.version,
                  title: n.title,
                  date: format.date(n.publishedAt, { dateStyle: 'medium' }),
                  name: n.publishedBy ?? t('privacy.admin.notices.unknownPublisher'),
                })}
              </p>
              <p className="flex flex-wrap items-center gap-2 text-slate-700">
                <span className={`rounded px-2 py-0.5 text-xs font-medium ${n.material ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-800'}`}>
                  {n.material ? t('privacy.admin.notices.materialBadge') : t('privacy.admin.notices.minorBadge')}
                </span>
                {t('privacy.admin.notices.acceptances', { count: n.acceptances })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

