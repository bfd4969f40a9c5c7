import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AuthData } from '@app/shared/auth';
import type { MfaChallengeData } from '@app/shared/security';
import { Button } from '../../components/ui/button.tsx';
import { Alert, OneTimeCodeField, TextField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { secondStepWithPasskey, verifySecondStep } from './security-api.ts';

function passkeyError(error: unknown, fallback: string, cancelled: string): string {
  // The browser's own refusal (cancelled, timed out, no matching credential) is a DOMException.
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) return cancelled;
  return errorMessage(error, fallback);
}

/**
 * The second step of sign-in (issue 23): after a correct password the API answered with a short-lived
 * challenge; the person proves the second factor with a code from their app, a recovery code or a passkey.
 */
export function SecondStep({
  challenge,
  onDone,
  onStartOver,
}: {
  challenge: MfaChallengeData;
  onDone: (data: AuthData, message?: string) => void;
  onStartOver: () => void;
}) {
  const t = useT();
  const hasTotp = challenge.methods.includes('totp');
  const hasPasskey = challenge.methods.includes('passkey');
  const [mode, setMode] = useState<'totp' | 'recovery'>(hasTotp ? 'totp' : 'recovery');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const focusInput = () => document.getElementById('second-step-code')?.focus();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (hasTotp) focusInput();
    else heading.current?.focus();
  }, [mode, hasTotp]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const answer = await verifySecondStep(mode === 'totp' ? { challenge: challenge.challenge, code: value.trim() } : { challenge: challenge.challenge, recoveryCode: value.trim() });
      onDone(answer.data, answer.message);
    } catch (err) {
      setError(errorMessage(err, t('auth.signIn.failed')));
      setBusy(false);
      focusInput();
    }
  }

  async function withPasskey() {
    setError(null);
    setBusy(true);
    try {
      const answer = await secondStepWithPasskey(challenge.challenge);
      onDone(answer.data, answer.message);
    } catch (err) {
      setError(passkeyError(err, t('auth.signIn.failed'), t('security.passkeyCancelled')));
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="second-step-title" className="space-y-4">
      <div>
        <h2 id="second-step-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          {t('security.secondStep.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{hasTotp ? t('security.secondStep.subtitle') : t('security.secondStep.passkeyOnly')}</p>
      </div>
      {error && (
        <Alert kind="error">{error}</Alert>
      )}
      {hasTotp && (
        <form onSubmit={submit} noValidate className="space-y-4">
          {mode === 'totp' ? (
            <OneTimeCodeField id="second-step-code" label={t('security.secondStep.codeLabel')} pattern="[0-9]{6}" value={value} onChange={setValue} />
          ) : (
            <TextField
              id="second-step-code"
              label={t('security.secondStep.recoveryLabel')}
              hint={t('security.secondStep.recoveryHint')}
              name="recoveryCode"
              autoComplete="off"
              maxLength={11}
              required
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          )}
          <Button type="submit" className="w-full" disabled={busy || value.trim() === ''}>
            {busy ? t('security.secondStep.verifying') : t('security.secondStep.verify')}
          </Button>
          <button
            type="button"
            className="text-sm font-medium text-brand-700 hover:underline"
            onClick={() => {
              setMode(mode === 'totp' ? 'recovery' : 'totp');
              setValue('');
              setError(null);
            }}
          >
            {mode === 'totp' ? t('security.secondStep.useRecovery') : t('security.secondStep.useCode')}
          </button>
        </form>
      )}
      {hasPasskey && (
        <Button variant={hasTotp ? 'secondary' : 'primary'} className="w-full" disabled={busy} onClick={() => void withPasskey()}>
          {t('security.secondStep.usePasskey')}
        </Button>
      )}
      <button type="button" className="block text-sm text-slate-700 underline" onClick={onStartOver}>
        {t('security.secondStep.startOver')}
      </button>
    </section>
  );
}
