import { useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import type { DelegationDto, MyOrganisationData, OrganisationStatus } from '@app/shared/organisations';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { delegateDomain, revokeDelegation, useOrganisationMutation } from './api.ts';

/** Beside a domain another organisation delegated to this one (decision 941). */
export function DelegatedBy({ parent }: { parent: string }) {
  const t = useT();
  return <span className="ms-2 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900">{t('org.delegations.delegatedBy', { organisation: parent })}</span>;
}

const STATUS_KEYS = {
  pending: 'org.delegations.status.pending',
  approved: 'org.delegations.status.approved',
  suspended: 'org.delegations.status.suspended',
  rejected: 'org.delegations.status.rejected',
} as const satisfies Record<OrganisationStatus, string>;

/**
 * Issue 28 (decision 941): sub-domains of the organisation's proven domains are its own unless it
 * delegates them. Here it names a sub-domain and the person who will manage it, sees who took it and
 * whether they proved it, and revokes a delegation.
 */
export function DelegationsPanel({ data, readOnly = false }: { data: MyOrganisationData; readOnly?: boolean }) {
  const t = useT();
  const toast = useToast();
  const [domain, setDomain] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ domain?: string; email?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<DelegationDto | null>(null);
  const make = useOrganisationMutation(delegateDomain);
  const revoke = useOrganisationMutation(revokeDelegation);
  const delegations = data.delegations;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFailure(null);
    const missing = {
      domain: domain.trim() ? undefined : t('org.delegations.domainMissing'),
      email: email.trim() ? undefined : t('org.delegations.emailMissing'),
    };
    setErrors(missing);
    if (missing.domain || missing.email) {
      e.currentTarget.querySelector<HTMLInputElement>(missing.domain ? 'input[name="delegate-domain"]' : 'input[name="delegate-email"]')?.focus();
      return;
    }
    const v = { domain: domain.trim(), email: email.trim() };
    make.mutate(v, {
      onSuccess: () => {
        toast.success(t('org.delegations.done', v));
        setDomain('');
        setEmail('');
      },
      onError: (err) => setFailure(`${t('org.delegations.failed')}: ${errorMessage(err, t('common.somethingWrong'))}`),
    });
  };

  return (
    <section aria-labelledby="org-delegations" className="rounded-2xl border border-slate-200 bg-white p-5 lg:col-span-2">
      <h2 id="org-delegations" className="text-lg font-semibold">{t('org.delegations.heading')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('org.delegations.intro')}</p>
      <div aria-live="polite" className="mt-2">{failure && <Alert kind="error">{failure}</Alert>}</div>
      {delegations.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('org.delegations.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-label={t('org.delegations.heading')}>
          {delegations.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-all">
                <span className="font-medium">{d.domain}</span>
                <span className="block text-slate-600">
                  {d.organisation
                    ? `${t('org.delegations.heldBy', { organisation: d.organisation.name })} · ${t(STATUS_KEYS[d.organisation.status])} · ${d.proven ? t('org.delegations.proven') : t('org.delegations.unproven')}`
                    : t('org.delegations.waiting', { email: d.email })}
                </span>
              </span>
              {!readOnly && (
                <Button size="sm" variant="ghost" aria-label={t('org.delegations.revokeLabel', { domain: d.domain })} onClick={() => setRevoking(d)}>
                  <Trash2 aria-hidden="true" className="h-4 w-4" /> {t('org.delegations.revoke')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <form onSubmit={onSubmit} noValidate className="mt-3 grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <TextField
            name="delegate-domain"
            label={t('org.delegations.domain')}
            hint={t('org.delegations.domainHint')}
            error={errors.domain}
            value={domain}
            onChange={(e) => {
              setDomain(e.target.value);
              setErrors((x) => ({ ...x, domain: undefined }));
            }}
          />
          <TextField
            name="delegate-email"
            type="email"
            label={t('org.delegations.email')}
            hint={t('org.delegations.emailHint')}
            error={errors.email}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setErrors((x) => ({ ...x, email: undefined }));
            }}
          />
          <Button type="submit" disabled={make.isPending}>{make.isPending ? t('org.delegations.submitting') : t('org.delegations.submit')}</Button>
        </form>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('org.delegations.revokeTitle')}
        message={revoking ? t('org.delegations.revokeMessage', { domain: revoking.domain }) : ''}
        confirmLabel={t('org.delegations.revoke')}
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          const d = revoking;
          if (!d) return;
          revoke.mutate(d.id, {
            onSuccess: () => {
              toast.success(t('org.delegations.revoked', { domain: d.domain }));
              setRevoking(null);
            },
            onError: (err) => {
              setRevoking(null);
              setFailure(`${t('org.delegations.revokeFailed')}: ${errorMessage(err, t('common.somethingWrong'))}`);
            },
          });
        }}
      />
    </section>
  );
}
