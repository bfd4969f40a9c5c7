import { useState, type FormEvent } from 'react';
import type { ConnectionDto, SsoOverviewData } from '@app/shared/sso';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { useScimMutations, useScimTokens, useSsoMutations, useSsoOverview } from './api.ts';
import { ConnectionSettingsEditor } from './connection-settings-editor.tsx';
import { SamlMetadataStatus } from './metadata-status.tsx';
import { reasonKey } from './reason-keys.ts';
import { SpKeysPanel } from './sp-keys-panel.tsx';

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
const PROTOCOL_KEYS = { oidc: 'sso.console.protocol.oidc', saml: 'sso.console.protocol.saml' } as const;

/** The university console's single sign-on section: rules, connections with test mode, refusals, SCIM tokens. */
export function SsoPanel() {
  const t = useT();
  const overview = useSsoOverview();
  if (overview.isPending) return <Skeleton className="h-64" />;
  if (overview.isError) return <ErrorState message={errorMessage(overview.error, t('sso.console.loadError'))} onRetry={() => void overview.refetch()} />;
  const data = overview.data.data;
  return (
    <div className="space-y-8">
      <section aria-labelledby="sso-heading" className="space-y-2">
        <h2 id="sso-heading" className="text-xl font-semibold">{t('sso.console.heading')}</h2>
        <p className="text-sm text-slate-700">{t('sso.console.intro')}</p>
      </section>
      <SettingsForm settings={data.settings} />
      <Connections connections={data.connections} />
      {data.settings ? <AddConnection /> : <Alert kind="info">{t('sso.console.settings.needed')}</Alert>}
      <Events events={data.events} />
      <ScimTokens />
    </div>
  );
}

function SettingsForm({ settings }: { settings: SsoOverviewData['settings'] }) {
  const t = useT();
  const { saveSettings } = useSsoMutations();
  const [slug, setSlug] = useState(settings?.slug ?? '');
  const [required, setRequired] = useState(settings?.requiredForDomains ?? false);
  const [requiredAff, setRequiredAff] = useState(settings?.requiredAffiliations.join(', ') ?? '');
  const [admitted, setAdmitted] = useState(settings?.admittedAffiliations.join(', ') ?? '');
  function submit(event: FormEvent) {
    event.preventDefault();
    saveSettings.mutate({ slug, requiredForDomains: required, requiredAffiliations: list(requiredAff), admittedAffiliations: list(admitted) });
  }
  return (
    <section aria-labelledby="sso-settings" className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h3 id="sso-settings" className="text-lg font-semibold">{t('sso.console.settings.heading')}</h3>
      <form onSubmit={submit} className="space-y-3" noValidate>
        {saveSettings.isError && <Alert kind="error">{errorMessage(saveSettings.error, t('sso.console.loadError'))}</Alert>}
        {saveSettings.isSuccess && <Alert kind="success">{t('sso.console.settings.saved')}</Alert>}
        <TextField label={t('sso.console.settings.slug')} hint={t('sso.console.settings.slugHint')} value={slug} onChange={(e) => setSlug(e.target.value)} required />
        {settings && (
          <p className="text-sm break-all">
            {t('sso.console.settings.link')}: <a className="text-brand-700 underline" href={settings.signInUrl}>{settings.signInUrl}</a>
          </p>
        )}
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1 h-4 w-4" checked={required} onChange={(e) => setRequired(e.target.checked)} />
          {t('sso.console.settings.requiredForDomains')}
        </label>
        <TextField label={t('sso.console.settings.requiredAffiliations')} value={requiredAff} onChange={(e) => setRequiredAff(e.target.value)} />
        <TextField label={t('sso.console.settings.admitted')} value={admitted} onChange={(e) => setAdmitted(e.target.value)} />
        <Button type="submit" disabled={saveSettings.isPending}>{t('sso.console.settings.save')}</Button>
      </form>
    </section>
  );
}

function Connections({ connections }: { connections: ConnectionDto[] }) {
  const t = useT();
  const format = useFormat();
  const { setEnabled, remove, test } = useSsoMutations();
  const [deleting, setDeleting] = useState<ConnectionDto | null>(null);
  const error = setEnabled.error ?? remove.error ?? test.error;
  return (
    <section aria-labelledby="sso-connections" className="space-y-3">
      <h3 id="sso-connections" className="text-lg font-semibold">{t('sso.console.connections.heading')}</h3>
      {error && <Alert kind="error">{errorMessage(error, t('sso.console.loadError'))}</Alert>}
      {connections.length === 0 ? (
        <EmptyState title={t('sso.console.connections.empty')}>{t('sso.console.connections.emptyHint')}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {connections.map((c) => (
            <li key={c.id} className="space-y-2 rounded-lg border border-slate-200 p-4" data-testid="sso-connection">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">
                  <bdi>{c.name}</bdi> <span className="text-sm font-normal text-slate-600">{t('sso.console.connections.protocol', { protocol: t(PROTOCOL_KEYS[c.protocol]) })}</span>
                </p>
                <span className={c.enabled ? 'text-sm font-medium text-green-800' : 'text-sm text-slate-700'}>{c.enabled ? t('sso.console.connections.enabled') : t('sso.console.connections.disabled')}</span>
              </div>
              <p className="text-sm text-slate-700">{c.testedAt ? t('sso.console.connections.tested', { when: format.dateTime(c.testedAt) }) : t('sso.console.connections.untested')}</p>
              <details className="text-sm">
                <summary className="cursor-pointer font-medium">{t('sso.console.connections.spHeading')}</summary>
                <dl className="mt-2 grid gap-1 break-all sm:grid-cols-[auto_1fr] sm:gap-x-3">
                  {c.protocol === 'oidc' ? (
                    <>
                      <dt className="font-medium">{t('sso.console.connections.redirect')}</dt>
                      <dd><code>{c.serviceProvider.redirectUri}</code></dd>
                      <dt className="font-medium">{t('sso.console.connections.postLogout')}</dt>
                      <dd><code>{c.serviceProvider.postLogoutRedirectUri}</code></dd>
                      <dt className="font-medium">{t('sso.console.connections.backchannel')}</dt>
                      <dd><code>{c.serviceProvider.backchannelLogoutUri}</code></dd>
                      <dt className="font-medium">{t('sso.console.connections.frontchannel')}</dt>
                      <dd><code>{c.serviceProvider.frontchannelLogoutUri}</code></dd>
                      <dt className="font-medium">{t('sso.console.connections.issuer')}</dt>
                      <dd>{c.oidc?.issuer}</dd>
                      <dt className="font-medium">{t('sso.console.connections.clientId')}</dt>
                      <dd>{c.oidc?.clientId}</dd>
                    </>
                  ) : (
                    <>
                      <dt className="font-medium">{t('sso.console.connections.entityId')}</dt>
                      <dd><code>{c.serviceProvider.entityId}</code></dd>
                      <dt className="font-medium">{t('sso.console.connections.acs')}</dt>
                      <dd><code>{c.serviceProvider.acsUrl}</code></dd>
                      <dt className="font-medium">{t('sso.console.connections.metadata')}</dt>
                      <dd><a className="text-brand-700 underline" href={c.serviceProvider.metadataUrl}>{c.serviceProvider.metadataUrl}</a></dd>
                      <dt className="font-medium">{t('sso.console.connections.idpEntity')}</dt>
                      <dd>{c.saml?.idpEntityId}</dd>
                      <dt className="font-medium">{t('sso.console.connections.certificates')}</dt>
                      <dd>{c.saml?.certificates.map((cert) => t('sso.console.connections.certificate', { subject: cert.subject, date: format.date(cert.notAfter) })).join('; ')}</dd>
                    </>
                  )}
                </dl>
              </details>
              <SamlMetadataStatus connection={c} />
              {c.protocol === 'saml' && <SpKeysPanel connection={c} />}
              <ConnectionSettingsEditor connection={c} />
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" disabled={test.isPending} onClick={() => test.mutate(c.id)}>{t('sso.console.connections.test')}</Button>
                <Button
                  variant={c.enabled ? 'secondary' : 'primary'}
                  disabled={setEnabled.isPending}
                  onClick={() => setEnabled.mutate({ id: c.id, enabled: !c.enabled })}
                >
                  {c.enabled ? t('sso.console.connections.disable') : t('sso.console.connections.enable')}
                </Button>
                <Button variant="danger" onClick={() => setDeleting(c)}>{t('sso.console.connections.delete')}</Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('sso.console.connections.deleteTitle')}
        message={t('sso.console.connections.deleteMessage')}
        confirmLabel={t('sso.console.connections.delete')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </section>
  );
}

function AddConnection() {
  const t = useT();
  const { create } = useSsoMutations();
  const [protocol, setProtocol] = useState<'oidc' | 'saml'>('oidc');
  const [name, setName] = useState('');
  const [issuer, setIssuer] = useState('');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [metadataUrl, setMetadataUrl] = useState('');
  const [metadataXml, setMetadataXml] = useState('');
  const [idpInitiated, setIdpInitiated] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    const body =
      protocol === 'oidc'
        ? { protocol, name, oidc: { issuer: issuer.trim(), clientId: clientId.trim(), clientSecret } }
        : { protocol, name, saml: { ...(metadataUrl.trim() ? { metadataUrl: metadataUrl.trim() } : {}), ...(metadataXml.trim() ? { metadataXml } : {}), allowIdpInitiated: idpInitiated } };
    create.mutate(body, {
      onSuccess: () => {
        setName('');
        setClientSecret('');
        setMetadataXml('');
      },
    });
  }
  return (
    <section aria-labelledby="sso-add" className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h3 id="sso-add" className="text-lg font-semibold">{t('sso.console.add.heading')}</h3>
      <form onSubmit={submit} className="space-y-3" noValidate>
        {create.isError && <Alert kind="error">{errorMessage(create.error, t('sso.console.loadError'))}</Alert>}
        {create.isSuccess && <Alert kind="success">{t('sso.console.add.added')}</Alert>}
        <SelectField label={t('sso.console.add.protocol')} value={protocol} onChange={(e) => setProtocol(e.target.value as 'oidc' | 'saml')}>
          <option value="oidc">{t('sso.console.protocol.oidc')}</option>
          <option value="saml">{t('sso.console.protocol.saml')}</option>
        </SelectField>
        <TextField label={t('sso.console.add.name')} value={name} onChange={(e) => setName(e.target.value)} required />
        {protocol === 'oidc' ? (
          <>
            <p className="text-sm break-all text-slate-700">{t('sso.console.add.redirectHint', { uri: `${window.location.origin}/api/sso/oidc/callback` })}</p>
            <TextField label={t('sso.console.add.issuer')} type="url" value={issuer} onChange={(e) => setIssuer(e.target.value)} required />
            <TextField label={t('sso.console.add.clientId')} value={clientId} onChange={(e) => setClientId(e.target.value)} required />
            <TextField label={t('sso.console.add.clientSecret')} type="password" autoComplete="off" value={clientSecret} onChange={(e) => setClientSecret(e.target.value)} required />
          </>
        ) : (
          <>
            <TextField label={t('sso.console.add.metadataUrl')} type="url" value={metadataUrl} onChange={(e) => setMetadataUrl(e.target.value)} />
            <TextArea label={t('sso.console.add.metadataXml')} rows={5} value={metadataXml} onChange={(e) => setMetadataXml(e.target.value)} />
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-1 h-4 w-4" checked={idpInitiated} onChange={(e) => setIdpInitiated(e.target.checked)} />
              {t('sso.console.add.idpInitiated')}
            </label>
          </>
        )}
        <Button type="submit" disabled={create.isPending}>{t('sso.console.add.submit')}</Button>
      </form>
    </section>
  );
}

function Events({ events }: { events: SsoOverviewData['events'] }) {
  const t = useT();
  const format = useFormat();
  return (
    <section aria-labelledby="sso-events" className="space-y-2">
      <h3 id="sso-events" className="text-lg font-semibold">{t('sso.console.events.heading')}</h3>
      {events.length === 0 ? (
        <p className="text-sm text-slate-700">{t('sso.console.events.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 text-sm">
          {events.map((e) => (
            <li key={e.id} className="py-2">
              <p>
                <span className="font-medium">{t(reasonKey(e.reason))}</span> · {format.dateTime(e.createdAt)} · {t('sso.console.events.reference')} <code>{e.id}</code>
              </p>
              <p className="break-all text-slate-700">{e.detail}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ScimTokens() {
  const t = useT();
  const format = useFormat();
  const tokens = useScimTokens();
  const { create, revoke } = useScimMutations();
  const [name, setName] = useState('');
  return (
    <section aria-labelledby="sso-scim" className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h3 id="sso-scim" className="text-lg font-semibold">{t('sso.console.scim.heading')}</h3>
      {tokens.isPending ? (
        <Skeleton className="h-20" />
      ) : tokens.isError ? (
        <ErrorState message={errorMessage(tokens.error, t('sso.console.loadError'))} onRetry={() => void tokens.refetch()} />
      ) : (
        <>
          <p className="text-sm break-all">{t('sso.console.scim.intro', { base: tokens.data.data.baseUrl })}</p>
          {tokens.data.data.tokens.length === 0 ? (
            <p className="text-sm text-slate-700">{t('sso.console.scim.empty')}</p>
          ) : (
            <ul className="divide-y divide-slate-200 text-sm">
              {tokens.data.data.tokens.map((tok) => (
                <li key={tok.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {tok.lastUsedAt ? t('sso.console.scim.lastUsed', { name: tok.name, when: format.dateTime(tok.lastUsedAt) }) : t('sso.console.scim.never', { name: tok.name })}
                  </span>
                  {tok.revokedAt ? (
                    <span className="text-slate-600">{t('sso.console.scim.revoked')}</span>
                  ) : (
                    <Button size="sm" variant="secondary" disabled={revoke.isPending} onClick={() => revoke.mutate(tok.id)}>{t('sso.console.scim.revoke')}</Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(name, { onSuccess: () => setName('') });
        }}
      >
        <TextField label={t('sso.console.scim.name')} value={name} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" disabled={create.isPending}>{t('sso.console.scim.create')}</Button>
      </form>
      {create.isError && <Alert kind="error">{errorMessage(create.error, t('sso.console.loadError'))}</Alert>}
      {create.data && (
        <Alert kind="success">
          {t('sso.console.scim.secret')} <code className="break-all" data-testid="scim-secret">{create.data.data.secret}</code>
        </Alert>
      )}
    </section>
  );
}
