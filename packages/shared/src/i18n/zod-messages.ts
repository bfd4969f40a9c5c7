import type { z } from 'zod';
import type { MessageKey, MessageValues } from './translator.ts';

/**
 * zod's own messages are English ("Invalid input: expected string, received number") and no catalogue
 * knows them. Wherever a contract is checked (the API's request validation, the web's forms before they
 * send) an issue the contract left without a message of its own is written from an `error.zod.*` entry
 * instead, with the field and the values the message needs (docs/decisions/1260-zod-default-messages-catalogued.md,
 * 1301-form-checks-in-the-page-language.md for the web's forms). The API writes it in English and localises it on the way out; a form
 * writes it straight in the page's language.
 */

type RawIssue = z.core.$ZodRawIssue;

/** The request part a whole-part issue names (an `error.field.*` entry's English, translated by the hook). */
const PART_NAMES: Record<string, string> = {
  body: 'Request body',
  querystring: 'Query string',
  params: 'Request path',
  headers: 'Request headers',
};

/** `milestones[0].dueDate`: the field as the API spells it; the part's name for the part itself. */
export function fieldName(path: readonly PropertyKey[], part = 'body'): string {
  if (path.length === 0) return PART_NAMES[part] ?? 'Request body';
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? String(k) : `.${String(k)}`)).join('');
}

/** The cases of `error.zod.type`'s `{expected}`: what the contract asked for. */
const EXPECTED: Record<string, string> = {
  string: 'string',
  number: 'number',
  nan: 'number',
  int: 'int',
  bigint: 'int',
  boolean: 'boolean',
  date: 'date',
  array: 'array',
  tuple: 'array',
  set: 'array',
  object: 'object',
  record: 'object',
  map: 'object',
  null: 'null',
};

/** The case of `error.zod.type`'s `{received}`: what was sent, from the value itself. */
function receivedKind(input: unknown, received: unknown): string {
  if (received === 'NaN' || (typeof input === 'number' && Number.isNaN(input))) return 'nan'; // z.coerce.number() of text
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'string') return 'string';
  if (typeof input === 'number') return Number.isInteger(input) ? 'number' : 'decimal';
  if (typeof input === 'boolean') return 'boolean';
  if (typeof input === 'object' && !(input instanceof Date)) return 'object';
  return 'other';
}

/** The cases of `error.zod.format`'s `{format}`; any other format is "does not have the expected format". */
const FORMATS: Record<string, string> = {
  email: 'email',
  url: 'url',
  uuid: 'uuid',
  uuidv4: 'uuid',
  uuidv6: 'uuid',
  uuidv7: 'uuid',
  guid: 'uuid',
  datetime: 'datetime',
  date: 'date',
  time: 'time',
  duration: 'duration',
  ipv4: 'ipv4',
  ipv6: 'ipv6',
  e164: 'e164',
  base64: 'base64',
  base64url: 'base64',
  jwt: 'jwt',
};

const SIZED_STRING = new Set(['string']);
const SIZED_LIST = new Set(['array', 'set', 'map']);
const NUMERIC = new Set(['number', 'int', 'bigint']);

const shown = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'bigint' ? v.toString() : JSON.stringify(v) ?? String(v));
const whole = (v: unknown) => Number(v);
const when = (v: unknown) => new Date(Number(v)).toISOString();

/** The catalogue entry and values for an issue zod raised without a message of the contract's own. */
export function issueEntry(issue: RawIssue, part = 'body'): { key: MessageKey; values: Record<string, string | number> } {
  const field = fieldName(issue.path ?? [], part);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined && issue.received !== 'NaN') return { key: 'error.fieldRule.required', values: { field } };
      return {
        key: 'error.zod.type',
        values: { field, expected: EXPECTED[issue.expected] ?? 'other', received: receivedKind(issue.input, issue.received) },
      };
    }
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const bound = small ? issue.minimum : issue.maximum;
      const origin = String(issue.origin ?? '');
      const exact = issue.exact === true;
      if (SIZED_STRING.has(origin) || SIZED_LIST.has(origin)) {
        // Lengths are whole numbers: "more than 2" is "at least 3" (zod's length checks are inclusive anyway).
        const n = exact || issue.inclusive !== false ? whole(bound) : whole(bound) + (small ? 1 : -1);
        const list = SIZED_LIST.has(origin);
        if (exact) return { key: list ? 'error.zod.exactItems' : 'error.zod.exactLength', values: { field, length: n } };
        if (small) return { key: list ? 'error.zod.minItems' : 'error.zod.minLength', values: { field, minimum: n } };
        return { key: list ? 'error.zod.maxItems' : 'error.zod.maxLength', values: { field, maximum: n } };
      }
      const inclusive = issue.inclusive === false ? 'false' : 'true';
      if (NUMERIC.has(origin)) {
        return small
          ? { key: 'error.zod.numberMin', values: { field, inclusive, minimum: shown(bound) } }
          : { key: 'error.zod.numberMax', values: { field, inclusive, maximum: shown(bound) } };
      }
      if (origin === 'date') {
        return small
          ? { key: 'error.zod.dateMin', values: { field, inclusive, minimum: when(bound) } }
          : { key: 'error.zod.dateMax', values: { field, inclusive, maximum: when(bound) } };
      }
      return { key: small ? 'error.zod.tooSmall' : 'error.zod.tooBig', values: { field } };
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? { key: 'error.zod.exactValue', values: { field, value: shown(issue.values[0]) } }
        : { key: 'error.zod.oneOf', values: { field, values: issue.values.map(shown).join(', ') } };
    case 'invalid_format': {
      if (issue.format === 'starts_with' && 'prefix' in issue) return { key: 'error.zod.startsWith', values: { field, prefix: String(issue.prefix) } };
      if (issue.format === 'ends_with' && 'suffix' in issue) return { key: 'error.zod.endsWith', values: { field, suffix: String(issue.suffix) } };
      if (issue.format === 'includes' && 'includes' in issue) return { key: 'error.zod.includes', values: { field, text: String(issue.includes) } };
      const format = FORMATS[issue.format];
      return format ? { key: 'error.zod.format', values: { field, format } } : { key: 'error.zod.pattern', values: { field } };
    }
    case 'not_multiple_of':
      return { key: 'error.zod.multipleOf', values: { field, divisor: shown(issue.divisor) } };
    case 'unrecognized_keys':
      return { key: 'error.zod.unknownKeys', values: { field, count: issue.keys.length, keys: issue.keys.join(', ') } };
    case 'invalid_union': {
      // A discriminated union told which value it wanted (the path ends at the discriminator).
      const options = (issue as { options?: unknown[] }).options;
      if (Array.isArray(options) && options.length > 0) return { key: 'error.zod.oneOf', values: { field, values: options.map(shown).join(', ') } };
      return { key: 'error.zod.union', values: { field } };
    }
    case 'invalid_key':
      return { key: 'error.zod.invalidKey', values: { field } };
    case 'invalid_element':
      return { key: 'error.zod.invalidEntry', values: { field } };
    default:
      return { key: 'error.zod.invalid', values: { field } };
  }
}

/**
 * A zod error map writing each issue the contract left without a message from the catalogue through
 * `t` (`schema.safeParse(input, { error: zodMessages(t) })`): zod asks it only for those issues, so a
 * contract's own texts win. `label` names a field as the reader sees it (a form's label); without one,
 * the field is named as the API spells it.
 */
export function zodMessages(
  t: (key: MessageKey, values?: MessageValues) => string,
  options: { part?: string; label?: (field: string) => string | undefined } = {},
): z.core.$ZodErrorMap {
  const part = options.part ?? 'body';
  return (issue) => {
    const { key, values } = issueEntry(issue, part);
    const field = typeof values.field === 'string' ? options.label?.(values.field) : undefined;
    return t(key, field === undefined ? values : { ...values, field });
  };
}
