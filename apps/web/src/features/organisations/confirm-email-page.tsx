import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { dashboardPath } from '@app/shared/roles';
import { Button } from '../../components/ui/button.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { useSession } from '../../lib/session.ts';
import { useT } from '../../lib/i18n.tsx';
import { AuthLayout } from '../auth/auth-layout.tsx';
import { confirmEmail } from './api.ts';

/** The link of a confirmation e-mail: one click confirms the address (decision 482). */
export function ConfirmEmailPage() {
  const t = useT();
  useDocumentTitle(t('org.confirm.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' | 'error'; message?: string }>({ kind: 'idle' });

  async function confirm() {
    setState({ kind: 'busy' });
    try {
      const answer = await confirmEmail(token);
      setState({ kind: 'done', message: answer.data.purpose === 'affiliation' ? t('org.confirm.doneAffiliation') : t('org.confirm.done') });
    } catch (err) {
      setState({ kind: 'error', message: errorMessage(err, t('org.confirm.invalid')) });
    }
  }

  return (
    <AuthLayout title={t('org.confirm.title')}>
      <div aria-live="polite" className="space-y-4">
        {!token && <Alert kind="error">{t('org.confirm.invalid')}</Alert>}
        {state.kind === 'done' && <Alert kind="success">{state.message}</Alert>}
        {state.kind === 'error' && <Alert kind="error">{state.message}</Alert>}
      </div>
      {token && state.kind !== 'done' && (
        <Button className="mt-4 w-full" onClick={() => void confirm()} disabled={state.kind === 'busy'}>
          {state.kind === 'busy' ? t('org.confirm.busy') : t('org.confirm.button')}
        </Button>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={session ? dashboardPath(session.role) : '/signin'} className="font-medium text-brand-700 hover:underline">
          {session ? t('org.confirm.dashboard') : t('org.confirm.signIn')}

        </Link>
      </p>
    </AuthLayout>
  );
}
