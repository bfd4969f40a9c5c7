import { useEffect, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteContent } from '@app/shared/content';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert, TextArea, TextField } from '../../components/ui/field.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { TabPanel, Tabs } from '../../components/ui/tabs.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { relativeTime } from '../../lib/format.ts';
import { useFormat, useT, type MessageKey } from '../../lib/i18n.tsx';
import { updateStoredUser } from '../../lib/session.ts';
import { adminApi } from './api.ts';
import { FilterSelect, Pill } from './ui.tsx';
import { NotificationSettings } from '../notifications/notification-settings.tsx';
import { YourDataSection } from '../privacy/your-data-section.tsx';

type PasswordFields = { currentPassword: string; newPassword: string; confirm: string };
const PASSWORD_FIELDS: { field: keyof PasswordFields; label: MessageKey; autoComplete: string }[] = [
  { field: 'currentPassword', label: 'admin.settings.currentPassword', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'auth.reset.newPassword', autoComplete: 'new-password' },
  { field: 'confirm', label: 'auth.reset.confirm', autoComplete: 'new-password' },
];

function PasswordForm() {
  const t = useT();
  const toast = useToast();
  const [f, setF] = useState<PasswordFields>({ currentPassword: '', newPassword: '', confirm: '' });
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => adminApi.changePassword({ currentPassword: f.currentPassword, newPassword: f.newPassword }),
    onSuccess: (r) => {
      // Older tokens are dead: keep the session alive with the fresh one.
      updateStoredUser(r.data.user, r.data.token);
      toast.success(t('admin.settings.passwordUpdated'));
      setF({ currentPassword: '', newPassword: '', confirm: '' });
    },
    onError: (e) => setError(errorMessage(e, t('common.somethingWrong'))),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (f.newPassword !== f.confirm) return setError(t('error.password.mismatch'));
    if (f.newPassword.length < 6) return setError(t('error.password.short'));
    setError(null);
    change.mutate();
  };
  return (
    <form onSubmit={submit} className="max-w-md space-y-3" noValidate>
      {error && <Alert kind="error">{error}</Alert>}
      {PASSWORD_FIELDS.map(({ field, label, autoComplete }) => (
        <TextField key={field} label={t(label)} type="password" autoComplete={autoComplete} required value={f[field]} onChange={(e) => setF({ ...f, [field]: e.target.value })} />
      ))}
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? t('admin.form.saving') : t('admin.settings.changePassword')}
      </Button>
    </form>
  );
}

function ContentEditor() {
  const t = useT();
  const toast = useToast();
  const qc = useQueryClient();
  const query = useQuery({ queryKey: ['admin-content'], queryFn: adminApi.content });
  const [draft, setDraft] = useState<SiteContent | null>(null);
  const [json, setJson] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (query.data && !draft) {
      setDraft(query.data.data);
      setJson(JSON.stringify(query.data.data, null, 2));
    }
  }, [query.data, draft]);
  const save = useMutation({
    mutationFn: (value: SiteContent) => adminApi.saveContent(value),
    onSuccess: (r) => {
      toast.success(t('admin.settings.contentSaved'));
      setDraft(r.data);
      setJson(JSON.stringify(r.data, null, 2));
      void qc.invalidateQueries({ queryKey: ['admin-content'] });
    },
    onError: (e) => setError(errorMessage(e, t('common.somethingWrong'))),
  });
  if (query.isPending || !draft)
    return query.isError ? (
      <ErrorState message={errorMessage(query.error, t('common.somethingWrong'))} onRetry={() => void query.refetch()} />
    ) : (
      <Spinner />
    );
  const update = (next: SiteContent) => {
    setDraft(next);
    setJson(JSON.stringify(next, null, 2));
  };
  const submitJson = async () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      return setError(t('admin.settings.invalidJson'));
    }
    // The schema (and zod) loads when the JSON is saved (decision 950).
    const [{ siteContent }, { checkForm }] = await Promise.all([import('./schemas.ts'), import('../../lib/form-check.ts')]);
    // Every problem, each naming its place in the JSON (`hero.title`), in the page's language (decision 1301).
    const result = checkForm(siteContent, parsed, t);
    if (!result.success) return setError(result.messages.join('; '));
    setError(null);
    save.mutate(result.data);
  };
  return (
    <div className="space-y-4">
      {error && <Alert kind="error">{error}</Alert>}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('admin.settings.heroTitle')}
          value={draft.hero.title}
          onChange={(e) => update({ ...draft, hero: { ...draft.hero, title: e.target.value } })}
        />
        <TextField
          label={t('admin.settings.heroSubtitle')}
          value={draft.hero.subtitle}
          onChange={(e) => update({ ...draft, hero: { ...draft.hero, subtitle: e.target.value } })}
        />
        <TextField
          label={t('admin.settings.contactEmail')}
          type="email"
          value={draft.contact.email}
          onChange={(e) => update({ ...draft, contact: { ...draft.contact, email: e.target.value } })}
        />
        <TextField
          label={t('admin.settings.contactPhone')}
          value={draft.contact.phone}
          onChange={(e) => update({ ...draft, contact: { ...draft.contact, phone: e.target.value } })}
        />
        <TextField
          label={t('admin.settings.headquarters')}
          value={draft.contact.headquarters}
          onChange={(e) => update({ ...draft, contact: { ...draft.contact, headquarters: e.target.value } })}
        />
        <TextArea label={t('admin.settings.vision')} rows={2} value={draft.vision} onChange={(e) => update({ ...draft, vision: e.target.value })} />
        <TextArea
          label={t('admin.settings.mission')}
          rows={2}
          value={draft.mission}
          onChange={(e) => update({ ...draft, mission: e.target.value })}
        />
      </div>
      <TextArea
        label={t('admin.settings.json')}
        rows={14}
        className="font-mono text-xs"
        value={json}
        onChange={(e) => setJson(e.target.value)}
      />
      <Button onClick={() => void submitJson()} disabled={save.isPending}>
        {save.isPending ? t('admin.form.saving') : t('admin.settings.saveContent')}
      </Button>
    </div>
  );
}

function ContactMessages() {
  const t = useT();
  const toast = useToast();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [handled, setHandled] = useState('false');
  const query = useQuery({
    queryKey: ['admin-contact', page, handled],
    queryFn: () => adminApi.contactMessages({ page, limit: 10, handled: handled === 'all' ? undefined : handled }),
    placeholderData: keepPreviousData,
  });
  const mark = useMutation({
    mutationFn: ({ id, value }: { id: string; value: boolean }) => adminApi.markMessage(id, value),
    onSuccess: (_r, { value }) => {
      toast.success(value ? t('admin.messages.markedHandled') : t('admin.messages.markedOpen'));
      void qc.invalidateQueries({ queryKey: ['admin-contact'] });
    },
    onError: (e) => toast.error(errorMessage(e, t('common.somethingWrong'))),
  });
  if (query.isPending) return <Spinner />;
  if (query.isError)
    return <ErrorState message={errorMessage(query.error, t('common.somethingWrong'))} onRetry={() => void query.refetch()} />;
  const { messages, pagination } = query.data.data;
  return (
    <div className="space-y-3">
      <FilterSelect
        label={t('admin.messages.show')}
        value={handled}
        onChange={(v) => {
          setHandled(v);
          setPage(1);
        }}
        options={[
          { value: 'false', label: t('admin.messages.open') },
          { value: 'true', label: t('admin.messages.handled') },
          { value: 'all', label: t('admin.messages.all') },
        ]}
      />
      {messages.length === 0 ? (
        <EmptyState title={t('admin.messages.none')} />
      ) : (
        <ul className="space-y-3">
          {messages.map((m) => (
            <li key={m._id} className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
              <div className="flex flex-wrap justify-between gap-2">
                <p dir="auto" className="font-medium">
                  {m.subject}
                </p>
                <span className="text-xs text-slate-500">{relativeTime(m.createdAt)}</span>
              </div>
              <p className="text-xs text-slate-600">
                <bdi>{m.name}</bdi> ·{' '}
                <a dir="ltr" className="underline" href={`mailto:${m.email}`}>
                  {m.email}
                </a>
              </p>
              <p dir="auto" className="mt-2 whitespace-pre-wrap">
                {m.message}
              </p>
              <Button
                size="sm"
                variant="secondary"
                className="mt-2"
                disabled={mark.isPending}
                onClick={() => mark.mutate({ id: m._id, value: !m.handled })}
              >
                {m.handled ? t('admin.messages.reopen') : t('admin.messages.markHandled')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={pagination.page} pages={pagination.pages} onChange={setPage} label={t('admin.list.pages', { what: t('admin.settings.messages') })} />
    </div>
  );
}

const EMAIL_STATUS: Record<'queued' | 'sent' | 'outbox' | 'failed', MessageKey> = {
  queued: 'admin.outbox.queued',
  sent: 'admin.outbox.sent',
  outbox: 'admin.outbox.outbox',
  failed: 'admin.outbox.failed',
};

function Outbox() {
  const t = useT();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['admin-emails', page],
    queryFn: () => adminApi.emails({ page, limit: 10 }),
    placeholderData: keepPreviousData,
  });
  if (query.isPending) return <Spinner />;
  if (query.isError)
    return <ErrorState message={errorMessage(query.error, t('common.somethingWrong'))} onRetry={() => void query.refetch()} />;
  const { emails, pagination } = query.data.data;
  return (
    <div className="space-y-3">
      {emails.length === 0 ? (
        <EmptyState title={t('admin.outbox.none')} />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {emails.map((e) => (
            <li key={e._id} className="p-3 text-sm">
              <button
                type="button"
                className="flex w-full flex-wrap items-center justify-between gap-2 text-start"
                aria-expanded={open === e._id}
                onClick={() => setOpen(open === e._id ? null : e._id)}
              >
                <span>
                  <bdi className="font-medium">{e.subject}</bdi>
                  <span className="block text-xs text-slate-600">
                    {t('admin.outbox.to', { to: e.to, when: relativeTime(e.createdAt) })}
                  </span>
                </span>
                <Pill
                  tone={e.status === 'sent' ? 'green' : e.status === 'failed' ? 'red' : e.status === 'outbox' ? 'blue' : 'amber'}
                >
                  {t(EMAIL_STATUS[e.status])}
                </Pill>
              </button>
              {open === e._id && (
                <pre dir="auto" className="mt-2 overflow-x-auto rounded bg-slate-50 p-3 text-xs whitespace-pre-wrap">
                  {e.text}
                  {e.error ? `\n\n${t('admin.outbox.error', { error: e.error })}` : ''}
                </pre>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={pagination.page} pages={pagination.pages} onChange={setPage} label={t('admin.list.pages', { what: t('admin.settings.outbox') })} />
    </div>
  );
}

export function AuditLog() {
  const t = useT();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const [entity, setEntity] = useState('all');
  const query = useQuery({
    queryKey: ['admin-audit', page, entity],
    queryFn: () => adminApi.audit({ page, limit: 20, entity: entity === 'all' ? undefined : entity }),
    placeholderData: keepPreviousData,
  });
  if (query.isPending) return <Spinner />;
  if (query.isError)
    return <ErrorState message={errorMessage(query.error, t('common.somethingWrong'))} onRetry={() => void query.refetch()} />;
  const { entries, pagination } = query.data.data;
  return (
    <div className="space-y-3">
      <FilterSelect
        label={t('admin.audit.entity')}
        value={entity}
        onChange={(v) => {
          setEntity(v);
          setPage(1);
        }}
        options={[
          'all',
          'professional',
          'student',
          'workshop',
          'workshop_registration',
          'idea',
          'site_content',
          'contact_message',
          'students',
          'professionals',
          'workshops',
          'ideas',
          'organisation',
          'expert-application',
          'rd-project-moderation',
          'university-students',
        ].map((v) => ({ value: v, label: v === 'all' ? t('admin.audit.allEntities') : v.replace(/[_-]/g, ' ') }))}
      />
      {entries.length === 0 ? (
        <EmptyState title={t('admin.audit.none')} />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
          {entries.map((e) => (
            <li key={e._id} className="p-3">
              <p>
                {/* Who did it, then the recorded action and entity: technical names, kept as recorded. */}
                <bdi className="font-medium">{e.actor?.name ?? t('admin.audit.system')}</bdi>{' '}
                <bdi dir="ltr">
                  {e.action.replace(/_/g, ' ')} {e.entity.replace(/_/g, ' ')}
                </bdi>{' '}
                <bdi className="text-xs text-slate-500">{e.entityId ?? ''}</bdi>
              </p>
              <p className="text-xs text-slate-500">{format.dateTime(e.createdAt)}</p>
              <details className="mt-1 text-xs">
                <summary className="cursor-pointer text-brand-700">{t('admin.audit.whatChanged')}</summary>
                <pre dir="ltr" className="mt-1 overflow-x-auto rounded bg-slate-50 p-2">
                  {JSON.stringify({ before: e.before, after: e.after }, null, 2)}
                </pre>
              </details>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={pagination.page} pages={pagination.pages} onChange={setPage} label={t('admin.list.pages', { what: t('admin.settings.audit') })} />
    </div>
  );
}

type Section = 'account' | 'content' | 'messages' | 'outbox' | 'audit';

export function SettingsTab() {
  const t = useT();
  const [section, setSection] = useState<Section>('account');
  return (
    <section aria-labelledby="settings-heading" className="space-y-4">
      <h2 id="settings-heading" className="text-xl font-semibold">
        {t('admin.nav.settings')}
      </h2>
      <Tabs
        idPrefix="settings"
        label={t('admin.settings.sections')}
        value={section}
        onChange={setSection}
        items={[
          { id: 'account', label: t('admin.settings.account') },
          { id: 'content', label: t('admin.settings.content') },
          { id: 'messages', label: t('admin.settings.messages') },
          { id: 'outbox', label: t('admin.settings.outbox') },
          { id: 'audit', label: t('admin.settings.audit') },
        ]}
      />
      <TabPanel idPrefix="settings" id={section}>
        {section === 'account' && (
          <div className="space-y-6">
            <PasswordForm />
            <NotificationSettings />
            {/* The administrator's own data rights too (issue 24). */}
            <YourDataSection />
          </div>
        )}
        {section === 'content' && <ContentEditor />}
        {section === 'messages' && <ContactMessages />}
        {section === 'outbox' && <Outbox />}
        {section === 'audit' && <AuditLog />}
      </TabPanel>
    </section>
  );
}
