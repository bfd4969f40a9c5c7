import { useState } from 'react';
import type { ConnectionDto } from '@app/shared/sso';
import type { SpKeyDto, SpKeyRolloverBody } from '@app/shared/sso-keys';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/feedback.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useFormat, useT, type MessageKey } from '../../lib/i18n.tsx';
import { useSpKeyRollover, useSpKeys } from './connection-api.ts';

type Step = SpKeyRolloverBody['step'];

/** Each step's confirmation: title, message, button (keys written out: the catalogue test finds keys by their text). */
const CONFIRM = {
  prepare: ['sso.spKeys.confirm.prepare.title', 'sso.spKeys.confirm.prepare.message', 'sso.spKeys.confirm.prepare.button'],
  activate: ['sso.spKeys.confirm.activate.title', 'sso.spKeys.confirm.activate.message', 'sso.spKeys.confirm.activate.button'],
  cancel: ['sso.spKeys.confirm.cancel.title', 'sso.spKeys.confirm.cancel.message', 'sso.spKeys.confirm.cancel.button'],
} as const satisfies Record<Step, readonly [MessageKey, MessageKey, MessageKey]>;

/**
 * MentorBridge's own signing key for a SAML connection and its rollover (decision 910): the key that signs
 * sign-in and sign-out requests, a new key published beside it in the SP metadata while the IdP catches
 * up, then the switch. Each step is confirmed; the IdP's part is spelled out at every stage.
 */
export function SpKeysPanel({ connection }: { connection: Pick<ConnectionDto, 'id'> }) {
  const t = useT();
  const keys = useSpKeys(connection.id);
  const rollover = useSpKeyRollover(connection.id);
  const [confirming, setConfirming] = useState<Step | null>(null);
  const all = keys.data?.data.keys ?? [];
  const active = all.find((k) => k.status === 'active');
  const next = all.find((k) => k.status === 'next');
  const run = (step: Step) => rollover.mutate(step, { onSettled: () => setConfirming(null) });
  const done = rollover.isSuccess && !rollover.isPending ? rollover.variables : null;
  return (
    <section aria-labelledby={`sp-keys-${connection.id}`} className="space-y-2 rounded-md bg-slate-50 p-3 text-sm" data-testid="sso-sp-keys">
      <h4 id={`sp-keys-${connection.id}`} className="font-semibold">{t('sso.spKeys.heading')}</h4>
      <p className="text-slate-700">{t('sso.spKeys.intro')}</p>
      {keys.isPending ? (
        <Skeleton className="h-16" />
      ) : keys.isError ? (
        <Alert kind="error">
          {errorMessage(keys.error, t('sso.spKeys.loadError'))}{' '}
          <Button size="sm" variant="secondary" onClick={() => void keys.refetch()}>{t('sso.spKeys.retry')}</Button>
        </Alert>
      ) : (
        <>
          {active && <KeyFacts label={t('sso.spKeys.current')} k={active} testId="sso-sp-key-active" />}
          {next ? (
            <>
              <KeyFacts label={t('sso.spKeys.next')} k={next} testId="sso-sp-key-next" />
              <p className="rounded-md border border-amber-200 bg-amber-50 p-2 text-amber-900">{t('sso.spKeys.waitingHint')}</p>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" disabled={rollover.isPending} onClick={() => setConfirming('activate')}>{t('sso.spKeys.activate')}</Button>
                <Button size="sm" variant="secondary" disabled={rollover.isPending} onClick={() => setConfirming('cancel')}>{t('sso.spKeys.cancel')}</Button>
              </div>
            </>
          ) : (
            <>
              <p className="text-slate-700">{t('sso.spKeys.rolloverHint')}</p>
              <Button size="sm" variant="secondary" disabled={rollover.isPending} onClick={() => setConfirming('prepare')}>{t('sso.spKeys.prepare')}</Button>
            </>
          )}
        </>
      )}
      <p aria-live="polite" className="text-green-800">
        {done === 'prepare' ? t('sso.spKeys.prepared') : done === 'activate' ? t('sso.spKeys.activated') : done === 'cancel' ? t('sso.spKeys.cancelled') : ''}
      </p>
      {rollover.isError && <Alert kind="error">{errorMessage(rollover.error, t('sso.spKeys.failed'))}</Alert>}
      <ConfirmDialog
        open={confirming !== null}
        tone={confirming === 'cancel' ? 'danger' : 'primary'}
        title={confirming ? t(CONFIRM[confirming][0]) : ''}
        message={confirming ? t(CONFIRM[confirming][1]) : ''}
        confirmLabel={confirming ? t(CONFIRM[confirming][2]) : ''}
        busy={rollover.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && run(confirming)}
      />
    </section>
  );
}

function KeyFacts({ label, k, testId }: { label: string; k: SpKeyDto; testId: string }) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="space-y-1" data-testid={testId}>
      <p className="font-medium">{label}</p>
      <dl className="grid gap-1 break-all sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="font-medium">{t('sso.spKeys.fingerprint')}</dt>
        <dd>
          <code data-testid={`${testId}-fingerprint`}>{k.fingerprint}</code>
        </dd>
        <dt className="font-medium">{t('sso.spKeys.created')}</dt>
        <dd>{format.dateTime(k.createdAt)}</dd>
        <dt className="font-medium">{t('sso.spKeys.validUntil')}</dt>
        <dd>{format.dateTime(k.notAfter)}</dd>
      </dl>
      <details>
        <summary className="cursor-pointer">{t('sso.spKeys.certificate')}</summary>
        <pre className="mt-1 overflow-x-auto rounded bg-white p-2 text-xs">{k.certificate}</pre>
      </details>
    </div>
  );
}
