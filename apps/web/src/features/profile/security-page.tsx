import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { KeyRound, Laptop, ShieldCheck } from 'lucide-react';
import { dashboardPath } from '@app/shared/roles';
import type { PasskeyDto, SessionDto } from '@app/shared/security';
import { DashboardHeader } from '../../components/layout/dashboard-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert, OneTimeCodeField, TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { setMfaBlocked, useSession } from '../../lib/session.ts';
import {
  useAddPasskey,
  useDisableTotp,
  useEndOtherSessions,
  useEndSession,
  useMfaStatus,
  usePasskeys,
  useRegenerateCodes,
  useRemovePasskey,
  useRenamePasskey,
  useSessions,
  useTotpConfirm,
  useTotpSetup,
} from '../auth/security-api.ts';

const WHEN: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };
/** A date and time in the page's language, in the form the page always used. */
function useWhen() {
  const format = useFormat();
  return (iso: string) => (iso ? format.dateTime(iso, WHEN) : '');
}

function browserRefused(error: unknown) {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

/** /account/security: two-step verification, passkeys and active sessions, for every role (issue 23). */
export function SecurityPage() {
  const t = useT();
  useDocumentTitle(t('security.page.title'));
  const session = useSession();
  const status = useMfaStatus();
  const blocked = Boolean(session?.user.mfaBlocked);
  // Enrolled while blocked: the API opens again, so does the app.
  useEffect(() => {
    if (blocked && status.data && !status.data.blocked) setMfaBlocked(false);
  }, [blocked, status.data]);
  if (!session) return <Navigate to="/signin" replace state={{ from: '/account/security' }} />;
  const home = session.role ? dashboardPath(session.role) : '/dashboard';
  return (
    <div className="min-h-screen bg-slate-50">
      <DashboardHeader portal={t('security.page.title')} />
      <main id="main" className="mx-auto max-w-3xl space-y-6 px-3 py-6 sm:px-6">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{t('security.page.title')}</h1>
          <p className="mt-1 text-sm text-slate-700">{t('security.page.intro')}</p>
          {!blocked && (
            <Link to={home} className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
              {t('security.page.back')}
            </Link>
          )}
        </div>
        {blocked && <Alert kind="error">{t('security.page.gate')}</Alert>}
        {status.isPending ? (
          <Spinner label={t('security.page.loading')} />
        ) : status.isError ? (
          <ErrorState message={errorMessage(status.error, t('security.page.loadFailed'))} onRetry={() => void status.refetch()} />
        ) : (
          <>
            <TotpSection status={status.data} />
            <PasskeysSection />
            <SessionsSection />
          </>
        )}
      </main>
    </div>
  );
}

type Status = NonNullable<ReturnType<typeof useMfaStatus>['data']>;

function Card({ id, title, icon, children }: { id: string; title: string; icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {icon}
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-sm text-slate-700">{children}</div>
    </section>
  );
}

function TotpSection({ status }: { status: Status }) {
  const t = useT();
  const when = useWhen();
  const toast = useToast();
  const setup = useTotpSetup();
  const confirm = useTotpConfirm();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [passwordFor, setPasswordFor] = useState<'regenerate' | 'disable' | null>(null);
  const codeField = useRef<HTMLDivElement>(null);
  const pending = setup.data && !status.totpEnabled ? setup.data : null;
  useEffect(() => {
    if (pending) codeField.current?.querySelector('input')?.focus();
  }, [pending]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    confirm.mutate(code.trim(), {
      onSuccess: (recovery) => {
        setCodes(recovery);
        setCode('');
        setup.reset();
        toast.success(t('security.totp.on', { date: when(new Date().toISOString()) }));
      },
      onError: (err) => setError(errorMessage(err, t('security.secondStep.verify'))),
    });
  };

  return (
    <Card id="totp-heading" title={t('security.totp.heading')} icon={<ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand-700" />}>
      {status.required && !status.totpEnabled && status.passkeys === 0 && (
        <Alert kind="info">{status.deadline ? t('security.totp.requiredBy', { deadline: when(status.deadline) }) : t('security.totp.required')}</Alert>
      )}
      {status.totpEnabled ? (
        <>
          <p>{t('security.totp.on', { date: when(status.totpEnabledAt ?? '') })}</p>
          <p>{t('security.totp.codesLeft', { count: status.recoveryCodesLeft, total: 10 })}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setPasswordFor('regenerate')}>
              {t('security.totp.regenerate')}
            </Button>
            <Button variant="secondary" onClick={() => setPasswordFor('disable')}>
              {t('security.totp.disable')}
            </Button>
          </div>
        </>
      ) : pending ? (
        <form onSubmit={submit} noValidate className="space-y-3">
          <p>{t('security.totp.scan')}</p>
          <img src={`data:image/svg+xml;utf8,${encodeURIComponent(pending.qrSvg)}`} alt={t('security.totp.qrAlt')} width={200} height={200} className="h-48 w-48 rounded border border-slate-200 bg-white" />
          <div>
            <p className="font-medium text-slate-800">{t('security.totp.keyLabel')}</p>
            <code data-testid="totp-secret" className="block break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm">
              {pending.secret}
            </code>
          </div>
          <details>
            <summary className="cursor-pointer text-brand-700">{t('security.totp.uriLabel')}</summary>
            <a href={pending.uri} data-testid="totp-uri" className="mt-1 block break-all font-mono text-xs text-brand-700 underline">
              {pending.uri}
            </a>
          </details>
          {error && (
            <Alert kind="error">{error}</Alert>
          )}
          <div ref={codeField}>
            <OneTimeCodeField label={t('security.totp.confirmLabel')} value={code} onChange={setCode} />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={confirm.isPending || code.length !== 6}>
              {t('security.totp.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setup.reset()}>
              {t('security.totp.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p>{t('security.totp.off')}</p>
          {setup.isError && <Alert kind="error">{errorMessage(setup.error, t('security.page.loadFailed'))}</Alert>}
          <Button onClick={() => setup.mutate()} disabled={setup.isPending}>
            {t('security.totp.start')}
          </Button>
        </>
      )}
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
      <PasswordDialog mode={passwordFor} onClose={() => setPasswordFor(null)} onCodes={setCodes} />
    </Card>
  );
}

function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  return (
    <Dialog
      open={codes !== null}
      onClose={onClose}
      title={t('security.recovery.heading')}
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => void navigator.clipboard?.writeText((codes ?? []).join('\n')).then(() => toast.success(t('security.recovery.copied')), () => undefined)}
          >
            {t('security.recovery.copy')}
          </Button>
          <Button onClick={onClose}>{t('security.recovery.done')}</Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{t('security.recovery.intro')}</p>
      <ul aria-label={t('security.recovery.listLabel')} className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
        {(codes ?? []).map((c) => (
          <li key={c} className="rounded bg-slate-100 px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

function PasswordDialog({ mode, onClose, onCodes }: { mode: 'regenerate' | 'disable' | null; onClose: () => void; onCodes: (codes: string[]) => void }) {
  const t = useT();
  const toast = useToast();
  const regenerate = useRegenerateCodes();
  const disable = useDisableTotp();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setPassword('');
    setError(null);
  }, [mode]);
  const busy = regenerate.isPending || disable.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const onError = (err: unknown) => setError(errorMessage(err, t('security.page.loadFailed')));
    if (mode === 'regenerate') {
      regenerate.mutate(password, {
        onSuccess: (codes) => {
          onClose();
          onCodes(codes);
        },
        onError,
      });
    } else {
      disable.mutate(password, {
        onSuccess: (res) => {
          toast.success(res.message ?? t('security.totp.off'));
          onClose();
        },
        onError,
      });
    }
  };
  return (
    <Dialog open={mode !== null} onClose={onClose} title={mode === 'disable' ? t('security.totp.disableTitle') : t('security.totp.regenerateTitle')}>
      <form onSubmit={submit} noValidate className="space-y-3">
        {error && (
          <Alert kind="error">{error}</Alert>
        )}
        <TextField label={t('security.totp.passwordLabel')} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('security.totp.cancel')}
          </Button>
          <Button type="submit" variant={mode === 'disable' ? 'danger' : 'primary'} disabled={busy || password === ''}>
            {t('security.totp.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function PasskeysSection() {
  const t = useT();
  const toast = useToast();
  const list = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState<string>(() => t('security.passkeys.defaultName'));
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PasskeyDto | null>(null);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    add.mutate(name.trim(), {
      onSuccess: () => {
        toast.success(t('security.passkeys.added'));
        setName(t('security.passkeys.defaultName'));
      },
      onError: (err) => setError(browserRefused(err) ? t('security.passkeyCancelled') : errorMessage(err, t('security.passkeyCancelled'))),
    });
  };

  return (
    <Card id="passkeys-heading" title={t('security.passkeys.heading')} icon={<KeyRound aria-hidden="true" className="h-5 w-5 text-brand-700" />}>
      <p>{t('security.passkeys.intro')}</p>
      {list.isPending ? (
        <Spinner label={t('security.page.loading')} />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, t('security.page.loadFailed'))} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="text-slate-600">{t('security.passkeys.empty')}</p>
      ) : (
        <ul aria-label={t('security.passkeys.listLabel')} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {list.data.map((p) => (
            <PasskeyRow key={p.id} passkey={p} onRemove={() => setRemoving(p)} />
          ))}
        </ul>
      )}
      {supported ? (
        <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <TextField label={t('security.passkeys.nameLabel')} maxLength={60} required value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <Button type="submit" disabled={add.isPending || name.trim() === ''}>
            {add.isPending ? t('security.passkeys.adding') : t('security.passkeys.add')}
          </Button>
        </form>
      ) : (
        <p className="text-slate-600">{t('security.passkeyUnsupported')}</p>
      )}
      {error && (
        <Alert kind="error">{error}</Alert>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('security.passkeys.removeTitle')}
        message={removing ? t('security.passkeys.removeMessage', { name: removing.name }) : ''}
        confirmLabel={t('security.passkeys.remove')}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast.success(t('security.passkeys.removed'));
              setRemoving(null);
            },
            onError: (err) => {
              toast.error(errorMessage(err, t('security.page.loadFailed')));
              setRemoving(null);
            },
          })
        }
      />
    </Card>
  );
}

function PasskeyRow({ passkey, onRemove }: { passkey: PasskeyDto; onRemove: () => void }) {
  const t = useT();
  const when = useWhen();
  const toast = useToast();
  const rename = useRenamePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const save = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    rename.mutate(
      { id: passkey.id, name: name.trim() },
      {
        onSuccess: () => {
          toast.success(t('security.passkeys.renamed'));
          setEditing(false);
        },
        onError: (err) => setError(errorMessage(err, t('security.page.loadFailed'))),
      },
    );
  };
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      {editing ? (
        <form onSubmit={save} noValidate className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <TextField label={t('security.passkeys.nameLabel')} maxLength={60} required value={name} onChange={(e) => setName(e.target.value)} error={error ?? undefined} autoFocus />
          </div>
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={rename.isPending}>
              {t('security.passkeys.save')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
              {t('security.passkeys.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900" dir="auto">
              {passkey.name}
            </p>
            <p className="text-xs text-slate-600">
              {passkey.lastUsedAt
                ? t('security.passkeys.details', { created: when(passkey.createdAt), lastUsed: when(passkey.lastUsedAt) })
                : t('security.passkeys.detailsNever', { created: when(passkey.createdAt) })}
            </p>
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" aria-label={t('security.passkeys.renameLabel', { name: passkey.name })} onClick={() => setEditing(true)}>
              {t('security.passkeys.rename')}
            </Button>
            <Button variant="secondary" size="sm" aria-label={t('security.passkeys.removeLabel', { name: passkey.name })} onClick={onRemove}>
              {t('security.passkeys.remove')}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

function SessionsSection() {
  const t = useT();
  const when = useWhen();
  const toast = useToast();
  const list = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const others = list.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Card id="sessions-heading" title={t('security.sessions.heading')} icon={<Laptop aria-hidden="true" className="h-5 w-5 text-brand-700" />}>
      {list.isPending ? (
        <Spinner label={t('security.page.loading')} />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, t('security.page.loadFailed'))} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('security.sessions.empty')} />
      ) : (
        <ul aria-label={t('security.sessions.listLabel')} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {list.data.map((s: SessionDto) => (
            <li key={s.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {s.device}
                  {s.current && <span className="ms-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800">{t('security.sessions.current')}</span>}
                </p>
                <p className="text-xs text-slate-600">
                  {t('security.sessions.details', { ip: s.ip, lastUsed: when(s.lastUsedAt), signedIn: when(s.createdAt) })}
                </p>
              </div>
              {!s.current && (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('security.sessions.endLabel', { device: s.device })}
                  disabled={end.isPending}
                  onClick={() =>
                    end.mutate(s.id, {
                      onSuccess: () => toast.success(t('security.sessions.ended')),
                      onError: (err) => toast.error(errorMessage(err, t('security.page.loadFailed'))),
                    })
                  }
                >
                  {t('security.sessions.end')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others > 0 && (
        <Button variant="secondary" onClick={() => setConfirmOthers(true)}>
          {t('security.sessions.endOthers')}
        </Button>
      )}
      <ConfirmDialog
        open={confirmOthers}
        title={t('security.sessions.endOthers')}
        message={t('security.sessions.endOthersMessage')}
        confirmLabel={t('security.sessions.endOthers')}
        busy={endOthers.isPending}
        onCancel={() => setConfirmOthers(false)}
        onConfirm={() =>
          endOthers.mutate(undefined, {
            onSuccess: (n) => {
              toast.success(t('security.sessions.othersEnded', { count: n }));
              setConfirmOthers(false);
            },
            onError: (err) => {
              toast.error(errorMessage(err, t('security.page.loadFailed')));
              setConfirmOthers(false);
            },
          })
        }
      />
    </Card>
  );
}
