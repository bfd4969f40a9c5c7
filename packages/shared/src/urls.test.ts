/// <reference types="vite/client" />
// Issue 16: every URL a user or an admin stores is http(s) only, checked by the shared schema. The
// sweep walks every request schema this package exports (…Body, …Input, siteContent), so a link
// field added tomorrow is checked without editing this file.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const modules = import.meta.glob('./*.ts', { eager: true });

/** Fields whose name says "link" but which are not stored: the contact form's honeypot. */
const NOT_STORED = new Set(['content.ts:contactBody.website']);
const LINKISH = /(link|url|website|href|twitter|linkedin|github|portfolio|image)$/i;

const HOSTILE = [
  'javascript:alert(1)',
  ' JavaScript:alert(document.cookie)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/x',
  'ftp://example.com/x',
  'not a link',
];

type Leaf = { path: string; schema: z.ZodType };

function leaves(schema: unknown, path: string, out: Leaf[], key = '', depth = 0) {
  if (depth > 10 || !(schema instanceof z.ZodType)) return;
  const def = (schema as unknown as { def: Record<string, unknown> & { type: string } }).def;
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries((schema as z.ZodObject).shape)) leaves(v, `${path}.${k}`, out, k, depth + 1);
      return;
    case 'array':
      leaves(def.element, `${path}[]`, out, key, depth + 1);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      // The wrapped schema accepts the same strings (the wrapper adds only undefined/null).
      leaves(def.innerType, path, out, key, depth + 1);
      return;
    case 'pipe':
      leaves(def.in, path, out, key, depth + 1);
      return;
    default:
      if (key && LINKISH.test(key)) out.push({ path, schema });
  }
}

function storedLinkFields(): Leaf[] {
  const out: Leaf[] = [];
  for (const [file, mod] of Object.entries(modules)) {
    if (file.endsWith('.test.ts')) continue;
    for (const [name, value] of Object.entries(mod as Record<string, unknown>)) {
      if (!/(Body|Input)$|^siteContent$/.test(name)) continue;
      leaves(value, `${file.replace('./', '')}:${name}`, out);
    }
  }
  return out.filter((l) => !NOT_STORED.has(l.path));
}

describe('stored links', () => {
  const fields = storedLinkFields();

  it('are found in the request schemas (social links, meeting links, site content, interview links)', () => {
    const paths = fields.map((f) => f.path).join('\n');
    for (const expected of ['socialLinks.linkedin', 'socialLinks.twitter', 'socialLinks.website', 'myWorkshopBody.meetingLink', 'interviewInput.meetingLink', 'siteContent.team[].link', 'siteContent.team[].image']) {
      expect(paths).toContain(expected);
    }
  });

  it.each(HOSTILE)('refuse %j everywhere', (value) => {
    const accepted = fields.filter((f) => f.schema.safeParse(value).success).map((f) => f.path);
    expect(accepted).toEqual([]);
  });

  it('accept an https link everywhere (and http where https is not required)', () => {
    const refused = fields.filter((f) => !f.schema.safeParse('https://example.com/path?q=1').success).map((f) => f.path);
    expect(refused).toEqual([]);
  });
});
