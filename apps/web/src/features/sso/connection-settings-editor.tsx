import { useId, useState, type FormEvent } from 'react';
import { type AttributeMappingDto, type ConnectionDto, type LinkPolicy } from '@app/shared/sso';
import { AFFILIATION_WORD, DEFAULT_MAPPING, LINK_POLICIES } from '@app/shared/sso-constants';
import { Button } from '../../components/ui/button.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useT, type MessageKey } from '../../lib/i18n.tsx';
import { useUpdateConnection } from './connection-api.ts';

/**
 * Per connection: which attribute or claim gives each field, how the IdP's role values translate to
 * affiliations (decision 901), and what happens to an existing account at the same address (decision 902).
 */
export function ConnectionSettingsEditor({ connection }: { connection: ConnectionDto }) {
  const t = useT();
  return (
    <details className="text-sm" data-testid="sso-connection-settings">
      <summary className="cursor-pointer font-medium">{t('sso.mapping.summary')}</summary>
      <div className="mt-3 space-y-6">
        <LinkPolicyForm connection={connection} />
        <MappingForm connection={connection} />
      </div>
    </details>
  );
}

const POLICY_TEXT: Record<LinkPolicy, { label: MessageKey; hint: MessageKey }> = {
  never: { label: 'sso.linkPolicy.never', hint: 'sso.linkPolicy.neverHint' },
  password: { label: 'sso.linkPolicy.password', hint: 'sso.linkPolicy.passwordHint' },
  verified: { label: 'sso.linkPolicy.verified', hint: 'sso.linkPolicy.verifiedHint' },
};

function LinkPolicyForm({ connection }: { connection: ConnectionDto }) {
  const t = useT();
  const update = useUpdateConnection(connection.id);
  const [policy, setPolicy] = useState<LinkPolicy>(connection.linkPolicy);
  const name = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate({ linkPolicy: policy });
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <fieldset className="space-y-2">
        <legend className="font-semibold">{t('sso.linkPolicy.legend')}</legend>
        <p className="text-slate-700">{t('sso.linkPolicy.intro')}</p>
        {LINK_POLICIES.map((p) => (
          <div key={p} className="flex items-start gap-2">
            <input
              id={`${name}-${p}`}
              type="radio"
              className="mt-1 h-4 w-4"
              name={name}
              value={p}
              checked={policy === p}
              aria-describedby={`${name}-${p}-hint`}
              onChange={() => setPolicy(p)}
            />
            <div>
              <label htmlFor={`${name}-${p}`} className="font-medium">
                {t(POLICY_TEXT[p].label)}
              </label>
              <p id={`${name}-${p}-hint`} className="text-slate-700">
                {t(POLICY_TEXT[p].hint)}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      {update.isError && <Alert kind="error">{errorMessage(update.error, t('sso.linkPolicy.failed'))}</Alert>}
      {update.isSuccess && <Alert kind="success">{t('sso.linkPolicy.saved')}</Alert>}
      <Button type="submit" size="sm" disabled={update.isPending || policy === connection.linkPolicy}>
        {t('sso.linkPolicy.save')}
      </Button>
    </form>
  );
}

type NameField = 'subject' | 'email' | 'firstName' | 'lastName' | 'displayName' | 'affiliation';
const FIELDS: Array<{ key: NameField; label: MessageKey; required: boolean }> = [
  { key: 'subject', label: 'sso.mapping.subject', required: true },
  { key: 'email', label: 'sso.mapping.email', required: true },
  { key: 'firstName', label: 'sso.mapping.firstName', required: true },
  { key: 'lastName', label: 'sso.mapping.lastName', required: true },
  { key: 'displayName', label: 'sso.mapping.displayName', required: false },
  { key: 'affiliation', label: 'sso.mapping.affiliation', required: false },
];
const MAX_NAMES = 8;
const MAX_VALUES = 50;

interface Draft {
  names: Record<NameField, string>;
  values: Array<{ from: string; to: string }>;
}

const split = (text: string) =>
  text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

function toDraft(m: AttributeMappingDto): Draft {
  const names = Object.fromEntries(FIELDS.map((f) => [f.key, m[f.key].join(', ')])) as Record<NameField, string>;
  return { names, values: Object.entries(m.affiliationValues ?? {}).map(([from, to]) => ({ from, to })) };
}

function fromDraft(d: Draft): AttributeMappingDto {
  const mapping = Object.fromEntries(FIELDS.map((f) => [f.key, split(d.names[f.key])])) as Record<NameField, string[]>;
  const rows = d.values.filter((v) => v.from.trim() || v.to.trim());
  return { ...mapping, ...(rows.length > 0 ? { affiliationValues: Object.fromEntries(rows.map((v) => [v.from.trim(), v.to.trim().toLowerCase()])) } : {}) };
}

/** The same rules as the API's schema, in the reader's language; keyed by field (`values.N.from`/`to`). */
function validate(d: Draft): Record<string, MessageKey> {
  const errors: Record<string, MessageKey> = {};
  for (const f of FIELDS) {
    const names = split(d.names[f.key]);
    if (f.required && names.length === 0) errors[f.key] = 'sso.mapping.errorRequired';
    else if (names.length > MAX_NAMES) errors[f.key] = 'sso.mapping.errorTooMany';
    else if (names.some((n) => n.length > 200)) errors[f.key] = 'sso.mapping.errorName';
  }
  const seen = new Set<string>();
  const rows = d.values.filter((v) => v.from.trim() || v.to.trim());
  if (rows.length > MAX_VALUES) errors.values = 'sso.mapping.errorTooManyValues';
  d.values.forEach((v, i) => {
    if (!v.from.trim() && !v.to.trim()) return;
    const from = v.from.trim();
    if (!from || from.length > 200) errors[`values.${i}.from`] = 'sso.mapping.errorValueFrom';
    else if (seen.has(from)) errors[`values.${i}.from`] = 'sso.mapping.errorValueTwice';
    seen.add(from);
    if (!AFFILIATION_WORD.test(v.to.trim().toLowerCase())) errors[`values.${i}.to`] = 'sso.mapping.errorValueTo';
  });
  return errors;
}

function MappingForm({ connection }: { connection: ConnectionDto }) {
  const t = useT();
  const update = useUpdateConnection(connection.id);
  const [draft, setDraft] = useState<Draft>(() => toDraft(connection.mapping));
  const [errors, setErrors] = useState<Record<string, MessageKey>>({});
  const [tried, setTried] = useState(false);
  const setName = (key: NameField, value: string) => setDraft((d) => ({ ...d, names: { ...d.names, [key]: value } }));
  const setValue = (i: number, part: 'from' | 'to', value: string) =>
    setDraft((d) => ({ ...d, values: d.values.map((v, j) => (j === i ? { ...v, [part]: value } : v)) }));
  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate({ mapping: fromDraft(draft) });
  }
  const err = (key: string) => (errors[key] ? t(errors[key]) : null);
  const firstError = Object.keys(errors)[0];
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <h4 className="font-semibold">{t('sso.mapping.heading')}</h4>
      <p className="text-slate-700">{t('sso.mapping.intro')}</p>
      <Alert kind="info">{t('sso.mapping.retestWarning')}</Alert>
      {tried && firstError && <Alert kind="error">{t('sso.mapping.fixErrors')}</Alert>}
      {FIELDS.map((f) => (
        <TextField
          key={f.key}
          name={f.key}
          label={t(f.label)}
          hint={t('sso.mapping.namesHint')}
          value={draft.names[f.key]}
          required={f.required}
          error={err(f.key)}
          onChange={(e) => setName(f.key, e.target.value)}
        />
      ))}
      <fieldset className="space-y-2">
        <legend className="font-medium">{t('sso.mapping.valuesLegend')}</legend>
        <p className="text-slate-700">{t('sso.mapping.valuesIntro')}</p>
        {err('values') && <p className="text-red-700">{err('values')}</p>}
        {draft.values.length === 0 && <p className="text-slate-600">{t('sso.mapping.valuesEmpty')}</p>}
        <ul className="space-y-2">
          {draft.values.map((v, i) => (
            <li key={i} className="grid gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <TextField name={`values.${i}.from`} label={t('sso.mapping.valueFrom')} value={v.from} error={err(`values.${i}.from`)} onChange={(e) => setValue(i, 'from', e.target.value)} />
              <TextField name={`values.${i}.to`} label={t('sso.mapping.valueTo')} value={v.to} error={err(`values.${i}.to`)} onChange={(e) => setValue(i, 'to', e.target.value)} />
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('sso.mapping.removeValueLabel', { value: v.from || String(i + 1) })}
                onClick={() => setDraft((d) => ({ ...d, values: d.values.filter((_, j) => j !== i) }))}
              >
                {t('sso.mapping.removeValue')}
              </Button>
            </li>
          ))}
        </ul>
        <Button size="sm" variant="secondary" disabled={draft.values.length >= MAX_VALUES} onClick={() => setDraft((d) => ({ ...d, values: [...d.values, { from: '', to: '' }] }))}>
          {t('sso.mapping.addValue')}
        </Button>
      </fieldset>
      {update.isError && <Alert kind="error">{errorMessage(update.error, t('sso.mapping.failed'))}</Alert>}
      {update.isSuccess && <Alert kind="success">{t('sso.mapping.saved')}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={update.isPending}>
          {t('sso.mapping.save')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            setDraft(toDraft(DEFAULT_MAPPING[connection.protocol]));
            setErrors({});
          }}
        >
          {t('sso.mapping.defaults')}
        </Button>
      </div>
    </form>
  );
}
