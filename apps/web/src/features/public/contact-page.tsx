import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Mail, Phone } from 'lucide-react';
import type { ContactBody } from '@app/shared/content';
import { SiteLayout } from '../../components/layout/site-layout.tsx';
import { Alert, TextArea, TextField } from '../../components/ui/field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/feedback.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { publicSchemas, sendContactMessage, useSiteContent } from './api.ts';
import { rich, useT, type MessageKey } from '../../lib/i18n.tsx';

type Field = 'name' | 'email' | 'subject' | 'message';
const FIELDS: readonly Field[] = ['name', 'email', 'subject', 'message'];
const EMPTY: Record<Field, string> = { name: '', email: '', subject: '', message: '' };

/** The contact contract's own messages (spec wording in English) and their catalogue entries. */
const CONTACT_MESSAGES: Record<string, MessageKey> = {
  'Please enter your name': 'error.content.name',
  'Please enter your email': 'error.content.email',
  'Please enter a valid email address': 'error.registration.emailInvalid',
  'Please enter a subject': 'error.content.subject',
  'Please enter a message': 'error.content.message',
};

type T = ReturnType<typeof useT>;

/**
 * Each field's problems with its value, checked with the API's own contract and worded in the page's
 * language as the API words them (docs/decisions/1301-form-checks-in-the-page-language.md).
 */
async function fieldProblems(values: Record<Field, string>, t: T): Promise<Partial<Record<Field, string[]>>> {
  const [{ contactBody }, { checkForm }] = await Promise.all([publicSchemas(), import('../../lib/form-check.ts')]);
  const labels: Record<Field, string> = {
    name: t('workshops.form.name'),
    email: t('common.email'),
    subject: t('public.contact.subject'),
    message: t('mentoring.connect.message'),
  };
  const own = (english: string) => {
    const key = CONTACT_MESSAGES[english];
    return key ? t(key) : english;
  };
  const out: Partial<Record<Field, string[]>> = {};
  for (const field of FIELDS) {
    const checked = checkForm(contactBody.shape[field], values[field], t, { own, label: () => labels[field] });
    if (!checked.success) out[field] = checked.messages;
  }
  return out;
}

export function ContactPage() {
  const t = useT();
  useDocumentTitle(t('public.contact.title'));
  const content = useSiteContent();
  const [values, setValues] = useState(EMPTY);
  const [website, setWebsite] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  /** A field's name, value, error and change handler (a change clears that field's error). */
  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: fieldErrors[field],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      setFieldErrors((errs) => ({ ...errs, [field]: undefined }));
    },
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFormError(null);
    setFieldErrors({});
    const body: ContactBody = { ...values, ...(website ? { website } : {}) };
    try {
      // Checked here first, with the API's contract: the first problem of each field shows under it.
      const problems = await fieldProblems(values, t);
      const byField = Object.fromEntries(Object.entries(problems).map(([f, list]) => [f, list?.[0]])) as Partial<Record<Field, string>>;
      if (Object.keys(byField).length > 0) {
        setFieldErrors(byField);
        setFormError(t('public.contact.correctFields'));
        return;
      }
      const answer = await sendContactMessage(body);
      setSent(answer.message ?? t('public.contact.sent'));
      setValues(EMPTY);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.errors?.length) {
        // The fields passed the same contract here, so what the server still refuses belongs to none of them.
        setFormError(error.errors.join(' '));
      } else {
        setFormError(errorMessage(error, t('public.contact.sendFailed')));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <SiteLayout>
      <main id="main" className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{t('public.contact.title')}</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-700">
          {t('public.contact.intro')}
        </p>

        <div className="mt-10 grid gap-10 lg:grid-cols-3">
          <div className="lg:col-span-2">
            {sent ? (
              <div className="space-y-4">
                <Alert kind="success">{sent}</Alert>
                <p className="text-slate-700">{t('public.contact.replyTime')}</p>
                <Button variant="secondary" onClick={() => setSent(null)}>
                  {t('public.contact.another')}
                </Button>
              </div>
            ) : (
              <form
                ref={formRef}
                noValidate
                onSubmit={(e) => void onSubmit(e)}
                className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
                aria-labelledby="contact-form-title"
              >
                <h2 id="contact-form-title" className="text-xl font-semibold">
                  {t('public.contact.formTitle')}
                </h2>
                {formError && <Alert kind="error">{formError}</Alert>}
                <div className="grid gap-5 sm:grid-cols-2">
                  <TextField
                    label={t('workshops.form.name')}
                    {...bind('name')}
                    autoComplete="name"
                    required
                    maxLength={100}
                  />
                  <TextField
                    label={t('common.email')}
                    {...bind('email')}
                    type="email"
                    autoComplete="email"
                    required
                    maxLength={254}
                  />
                </div>
                <TextField
                  label={t('public.contact.subject')}
                  {...bind('subject')}
                  required
                  maxLength={200}
                />
                <TextArea
                  label={t('mentoring.connect.message')}
                  {...bind('message')}
                  rows={6}
                  required
                  maxLength={2000}
                />
                {/* Honeypot for bots: hidden from people and assistive technology. */}
                <div aria-hidden="true" className="absolute -inset-s-[10000px] h-px w-px overflow-hidden">
                  <label htmlFor="contact-website">{t('public.contact.website')}</label>
                  <input
                    id="contact-website"
                    name="website"
                    tabIndex={-1}
                    autoComplete="off"
                    value={website}
                    onChange={(e) => setWebsite(e.target.value)}
                  />
                </div>
                <Button type="submit" disabled={busy} size="lg">
                  {busy ? t('public.contact.sending') : t('public.contact.send')}
                </Button>
              </form>
            )}
          </div>

          <aside aria-labelledby="contact-details-title" className="space-y-4">
            <h2 id="contact-details-title" className="text-xl font-semibold">
              {t('public.contact.other')}
            </h2>
            {content.data ? (
              <ul className="space-y-3">
                <li className="flex items-start gap-3">
                  <Mail aria-hidden="true" className="mt-0.5 h-5 w-5 text-brand-700" />
                  <a href={`mailto:${content.data.contact.email}`} className="rounded break-all text-brand-700 underline">
                    <bdi>{content.data.contact.email}</bdi>
                  </a>
                </li>
                <li className="flex items-start gap-3">
                  <Phone aria-hidden="true" className="mt-0.5 h-5 w-5 text-brand-700" />
                  <a
                    href={`tel:${content.data.contact.phone.replace(/[^\d+]/g, '')}`}
                    dir="ltr"
                    className="rounded text-brand-700 underline"
                  >
                    {content.data.contact.phone}
                  </a>
                </li>
              </ul>
            ) : content.isPending ? (
              <Skeleton className="h-16 w-full" />
            ) : (
              <p className="text-sm text-slate-700">{t('public.contact.unavailable')}</p>
            )}
            <p className="text-sm text-slate-700">
              {rich(t('public.contact.help'), {
                help: (chunk) => (
                  <Link to="/help" className="rounded font-medium text-brand-700 underline">
                    {chunk}
                  </Link>
                ),
              })}
            </p>
          </aside>
        </div>
      </main>
    </SiteLayout>
  );
}
