import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AuthData } from '@app/shared/auth';
import { dashboardPath, isRole } from '@app/shared/roles';
import type { ExchangeData, TestReport } from '@app/shared/sso';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/feedback.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { useT, type MessageKey } from '../../lib/i18n.tsx';
import { storeAuth } from '../../lib/session.ts';
import { AuthLayout } from '../auth/auth-layout.tsx';
import { exchange, linkAccount } from './api.ts';

type State =
  | { kind: 'working' }
  | { kind: 'error'; message: string }
  | { kind: 'link'; ticket: string; email: string; organisation: string }
  | { kind: 'test'; report: TestReport };

/** A relative path on this site only (the API validated it too). */
const OUTCOME_KEYS = {
  existing: 'sso.callback.outcome.existing',
  create: 'sso.callback.outcome.create',
  link: 'sso.callback.outcome.link',
  refused: 'sso.callback.outcome.refused',
} as const satisfies Record<TestReport['outcome'], MessageKey>;

const safeNext = (next: string | null) => (next && /^\/(?![/\\])/.test(next) ? next : null);

/**
 * `/sso/callback#code=…`: the one-time code from the API's callback is exchanged for the session (the
 * code is in the fragment, which never reaches a server log, and is removed from the address at once).
 */
export function SsoCallbackPage() {
  const t = useT();
  useDocumentTitle(t('sso.callback.title'));
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'working' });
  const started = useRef(false);

  const signIn = (auth: AuthData, next: string | null) => {
    storeAuth(auth, false);
    const role = auth.user.role;
    void navigate(safeNext(next) ?? (isRole(role) ? dashboardPath(role) : '/student/dashboard'), { replace: true });
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
    window.history.replaceState(null, '', window.location.pathname);
    if (!code) {
      setState({ kind: 'error', message: t('sso.callback.missing') });
      return;
    }
    exchange(code)
      .then(({ data }: { data: ExchangeData }) => {
        if (data.kind === 'session') signIn(data.auth, data.next);
        else if (data.kind === 'test') setState({ kind: 'test', report: data.report });
        else setState({ kind: 'link', ticket: data.ticket, email: data.email, organisation: data.organisation });
      })
      .catch((err: unknown) => setState({ kind: 'error', message: errorMessage(err, t('sso.callback.missing')) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <AuthLayout title={state.kind === 'link' ? t('sso.callback.linkTitle') : state.kind === 'test' ? t('sso.callback.testTitle') : t('sso.callback.title')}>
      <div aria-live="polite">
        {state.kind === 'working' && <Spinner label={t('sso.callback.working')} />}
        {state.kind === 'error' && (
          <div className="space-y-4">
            <Alert kind="error">{state.message}</Alert>
            <p className="text-center text-sm">
              <Link to="/signin" className="font-medium text-brand-700 hover:underline">
                {t('sso.callback.again')}
              </Link>
            </p>
          </div>
        )}
        {state.kind === 'link' && <LinkForm {...state} onDone={signIn} />}
        {state.kind === 'test' && <TestResult report={state.report} />}
      </div>
    </AuthLayout>
  );
}

function LinkForm({ ticket, email, organisation, onDone }: { ticket: string; email: string; organisation: string; onDone: (auth: AuthData, next: string | null) => void }) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await linkAccount(ticket, password);
      onDone(answer.data.auth, answer.data.next);
    } catch (err) {
      setError(errorMessage(err, t('sso.callback.missing')));
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-sm text-slate-800">{organisation ? t('sso.callback.linkIntro', { email, org: organisation }) : t('sso.callback.linkIntroNoOrg', { email })}</p>
      {error && <Alert kind="error">{error}</Alert>}
      <TextField label={t('sso.callback.password')} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
      <Button type="submit" className="w-full" disabled={busy || !password}>
        {busy ? t('sso.callback.linking') : t('sso.callback.link')}
      </Button>
      <p className="text-center text-sm">
        <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
          {t('sso.callback.forgot')}
        </Link>
      </p>
    </form>
  );
}

function TestResult({ report }: { report: TestReport }) {
  const t = useT();
  return (
    <div className="space-y-4" data-testid="sso-test-result">
      <p className="text-sm text-slate-800">{t('sso.callback.testIntro')}</p>
      <Alert kind={report.outcome === 'refused' ? 'error' : 'success'}>
        {report.refusal ? t('sso.callback.outcomeReason', { outcome: t(OUTCOME_KEYS[report.outcome]), reason: report.refusal }) : t(OUTCOME_KEYS[report.outcome])}
      </Alert>
      {report.account && (
        <p className="text-sm">
          <bdi>{t('sso.callback.account', { name: report.account.name, email: report.account.email })}</bdi>
        </p>
      )}
      <section aria-labelledby="sso-mapped">
        <h2 id="sso-mapped" className="font-semibold">{t('sso.callback.mapped')}</h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {Object.entries(report.mapped).map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium text-slate-700">{k}</dt>
              <dd className="break-all">{Array.isArray(v) ? v.join(', ') || '—' : (v ?? '—')}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="sso-claims">
        <h2 id="sso-claims" className="font-semibold">{t('sso.callback.claims')}</h2>
        <pre className="mt-2 max-h-72 overflow-auto rounded bg-slate-100 p-2 text-xs">{JSON.stringify(report.claims, null, 2)}</pre>
      </section>
      <p className="text-center text-sm">
        <Link to="/university/dashboard?tab=sso" className="font-medium text-brand-700 hover:underline">
          {t('sso.callback.back')}
        </Link>
      </p>
    </div>
  );
}
