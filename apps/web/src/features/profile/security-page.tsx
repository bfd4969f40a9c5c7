import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { KeyRound, Laptop, ShieldCheck } from 'lucide-react';
import { dashboardPath } from '@app/shared/roles';
import type { PasskeyDto, SessionDto } from '@app/shared/security';
import { DashboardHeader } from '../../components/layout/dashboard-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { setMfaBlocked, useSession } from '../../lib/session.ts';
import { SECURITY_COPY } from '../auth/security.copy.ts';
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

const copy = SECURITY_COPY;
const WHEN: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };
const when = (iso: string) => formatDate(iso, WHEN);

function browserRefused(error: unknown) {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

/** /account/security: two-step verification, passkeys and active sessions, for every role (issue 23). */
export function SecurityPage() {
  useDocumentTitle(copy.page.title);
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
      <DashboardHeader portal={copy.page.title} />
      <main id="main" className="mx-auto max-w-3xl space-y-6 px-3 py-6 sm:px-6">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{copy.page.title}</h1>
          <p className="mt-1 text-sm text-slate-700">{copy.page.intro}</p>
          {!blocked && (
            <Link to={home} className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
              {copy.page.back}
            </Link>
          )}
        </div>
        {blocked && <Alert kind="error">{copy.page.gate}</Alert>}
        {status.isPending ? (
          <Spinner label={copy.page.loading} />
        ) : status.isError ? (
          <ErrorState message={errorMessage(status.error, copy.page.loadFailed)} onRetry={() => void status.refetch()} />
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
        toast.success(copy.totp.on(when(new Date().toISOString())));
      },
      onError: (err) => setError(errorMessage(err, copy.secondStep.verify)),
    });
  };

  return (
    <Card id="totp-heading" title={copy.totp.heading} icon={<ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand-700" />}>
      {status.required && !status.totpEnabled && status.passkeys === 0 && (
        <Alert kind="info">{copy.totp.required(status.deadline ? when(status.deadline) : null)}</Alert>
      )}
      {status.totpEnabled ? (
        <>
          <p>{copy.totp.on(when(status.totpEnabledAt ?? ''))}</p>
          <p>{copy.totp.codesLeft(status.recoveryCodesLeft)}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setPasswordFor('regenerate')}>
              {copy.totp.regenerate}
            </Button>
            <Button variant="secondary" onClick={() => setPasswordFor('disable')}>
              {copy.totp.disable}
            </Button>
          </div>
        </>
      ) : pending ? (
        <form onSubmit={submit} noValidate className="space-y-3">
          <p>{copy.totp.scan}</p>
          <img src={`data:image/svg+xml;utf8,${encodeURIComponent(pending.qrSvg)}`} alt={copy.totp.qrAlt} width={200} height={200} className="h-48 w-48 rounded border border-slate-200 bg-white" />
          <div>
            <p className="font-medium text-slate-800">{copy.totp.keyLabel}</p>
            <code data-testid="totp-secret" className="block break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm">
              {pending.secret}
            </code>
          </div>
          <details>
            <summary className="cursor-pointer text-brand-700">{copy.totp.uriLabel}</summary>
            <a href={pending.uri} data-testid="totp-uri" className="mt-1 block break-all font-mono text-xs text-brand-700 underline">
              {pending.uri}
            </a>
          </details>
          {error && (
            <Alert kind="error">{error}</Alert>
          )}
          <div ref={codeField}>
            <TextField
              label={copy.totp.confirmLabel}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={confirm.isPending || code.length !== 6}>
              {copy.totp.confirm}
            </Button>
            <Button variant="secondary" onClick={() => setup.reset()}>
              {copy.totp.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p>{copy.totp.off}</p>
          {setup.isError && <Alert kind="error">{errorMessage(setup.error, copy.page.loadFailed)}</Alert>}
          <Button onClick={() => setup.mutate()} disabled={setup.isPending}>
            {copy.totp.start}
          </Button>
        </>
      )}
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
      <PasswordDialog mode={passwordFor} onClose={() => setPasswordFor(null)} onCodes={setCodes} />
    </Card>
  );
}

function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const toast = useToast();
  return (
    <Dialog
      open={codes !== null}
      onClose={onClose}
      title={copy.recovery.heading}
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => void navigator.clipboard?.writeText((codes ?? []).join('\n')).then(() => toast.success(copy.recovery.copied), () => undefined)}
          >
            {copy.recovery.copy}
          </Button>
          <Button onClick={onClose}>{copy.recovery.done}</Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{copy.recovery.intro}</p>
      <ul aria-label={copy.recovery.listLabel} className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
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
    const onError = (err: unknown) => setError(errorMessage(err, copy.page.loadFailed));
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
          toast.success(res.message ?? copy.totp.off);
          onClose();
        },
        onError,
      });
    }
  };
  return (
    <Dialog open={mode !== null} onClose={onClose} title={mode === 'disable' ? copy.totp.disableTitle : copy.totp.regenerateTitle}>
      <form onSubmit={submit} noValidate className="space-y-3">
        {error && (
          <Alert kind="error">{error}</Alert>
        )}
        <TextField label={copy.totp.passwordLabel} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {copy.totp.cancel}
          </Button>
          <Button type="submit" variant={mode === 'disable' ? 'danger' : 'primary'} disabled={busy || password === ''}>
            {copy.totp.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function PasskeysSection() {
  const toast = useToast();
  const list = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState<string>(copy.passkeys.defaultName);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PasskeyDto | null>(null);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    add.mutate(name.trim(), {
      onSuccess: () => {
        toast.success(copy.passkeys.added);
        setName(copy.passkeys.defaultName);
      },
      onError: (err) => setError(browserRefused(err) ? copy.passkeys.cancelled : errorMessage(err, copy.passkeys.cancelled)),
    });
  };

  return (
    <Card id="passkeys-heading" title={copy.passkeys.heading} icon={<KeyRound aria-hidden="true" className="h-5 w-5 text-brand-700" />}>
      <p>{copy.passkeys.intro}</p>
      {list.isPending ? (
        <Spinner label={copy.page.loading} />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, copy.page.loadFailed)} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="text-slate-600">{copy.passkeys.empty}</p>
      ) : (
        <ul aria-label={copy.passkeys.listLabel} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {list.data.map((p) => (
            <PasskeyRow key={p.id} passkey={p} onRemove={() => setRemoving(p)} />
          ))}
        </ul>
      )}
      {supported ? (
        <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <TextField label={copy.passkeys.nameLabel} maxLength={60} required value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <Button type="submit" disabled={add.isPending || name.trim() === ''}>
            {add.isPending ? copy.passkeys.adding : copy.passkeys.add}
          </Button>
        </form>
      ) : (
        <p className="text-slate-600">{copy.passkeySignIn.unsupported}</p>
      )}
      {error && (
        <Alert kind="error">{error}</Alert>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={copy.passkeys.removeTitle}
        message={removing ? copy.passkeys.removeMessage(removing.name) : ''}
        confirmLabel={copy.passkeys.remove}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast.success(copy.passkeys.removed);
              setRemoving(null);
            },
            onError: (err) => {
              toast.error(errorMessage(err, copy.page.loadFailed));
              setRemoving(null);
            },
          })
        }
      />
    </Card>
  );
}

function PasskeyRow({ passkey, onRemove }: { passkey: PasskeyDto; onRemove: () => void }) {
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
          toast.success(copy.passkeys.renamed);
          setEditing(false);
        },
        onError: (err) => setError(errorMessage(err, copy.page.loadFailed)),
      },
    );
  };
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      {editing ? (
        <form onSubmit={save} noValidate className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <TextField label={copy.passkeys.nameLabel} maxLength={60} required value={name} onChange={(e) => setName(e.target.value)} error={error ?? undefined} autoFocus />
          </div>
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={rename.isPending}>
              {copy.passkeys.save}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
              {copy.passkeys.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{passkey.name}</p>
            <p className="text-xs text-slate-600">
              {copy.passkeys.created(when(passkey.createdAt))} · {passkey.lastUsedAt ? copy.passkeys.lastUsed(when(passkey.lastUsedAt)) : copy.passkeys.never}
            </p>
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" aria-label={`${copy.passkeys.rename} ${passkey.name}`} onClick={() => setEditing(true)}>
              {copy.passkeys.rename}
            </Button>
            <Button variant="secondary" size="sm" aria-label={`${copy.passkeys.remove} ${passkey.name}`} onClick={onRemove}>
              {copy.passkeys.remove}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

function SessionsSection() {
  const toast = useToast();
  const list = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const others = list.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Card id="sessions-heading" title={copy.sessions.heading} icon={<Laptop aria-hidden="true" className="h-5 w-5 text-brand-700" />}>
      {list.isPending ? (
        <Spinner label={copy.page.loading} />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, copy.page.loadFailed)} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title={copy.sessions.empty} />
      ) : (
        <ul aria-label={copy.sessions.listLabel} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {list.data.map((s: SessionDto) => (
            <li key={s.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {s.device}
                  {s.current && <span className="ms-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800">{copy.sessions.current}</span>}
                </p>
                <p className="text-xs text-slate-600">
                  {copy.sessions.place(s.ip)} · {copy.sessions.lastUsed(when(s.lastUsedAt))} · {copy.sessions.signedIn(when(s.createdAt))}
                </p>
              </div>
              {!s.current && (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={copy.sessions.endLabel(s.device)}
                  disabled={end.isPending}
                  onClick={() =>
                    end.mutate(s.id, {
                      onSuccess: () => toast.success(copy.sessions.ended),
                      onError: (err) => toast.error(errorMessage(err, copy.page.loadFailed)),
                    })
                  }
                >
                  {copy.sessions.end}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others > 0 && (
        <Button variant="secondary" onClick={() => setConfirmOthers(true)}>
          {copy.sessions.endOthers}
        </Button>
      )}
      <ConfirmDialog
        open={confirmOthers}
        title={copy.sessions.endOthersTitle}
        message={copy.sessions.endOthersMessage}
        confirmLabel={copy.sessions.endOthers}
        busy={endOthers.isPending}
        onCancel={() => setConfirmOthers(false)}
        onConfirm={() =>
          endOthers.mutate(undefined, {
            onSuccess: (n) => {
              toast.success(copy.sessions.othersEnded(n));
              setConfirmOthers(false);
            },
            onError: (err) => {
              toast.error(errorMessage(err, copy.page.loadFailed));
              setConfirmOthers(false);
            },
          })
        }
      />
    </Card>
  );
}
