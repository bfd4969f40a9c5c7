import { strToU8, zipSync, type Zippable } from 'fflate';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import { readAll, type Storage } from '../../lib/storage.ts';
import { calendarOf } from '../calendar/index.ts';
import { renderCertificate } from '../workshops/index.ts';
import { verifyCertificate } from '../workshops/index.ts';
import { REGISTRY, ownedBy, type RegistryEntry } from './registry.ts';

/** At most this many rows of one table go into an archive (a person never has that many). */
const ROWS_PER_TABLE = 50_000;

/** What the archive's JSON files hold (docs/privacy.md, "The export archive"). */
export const MODULE_FILES: Record<string, string> = {
  account: 'Your account, profile and sign-in details (no password)',
  security: 'Your sign-in sessions (device, IP address, created, last used), passkey names, whether two-step sign-in is on (no secrets or keys)',
  sso: 'Your single sign-on identities (issuer, subject) and your organisation\'s provisioning of your account',
  calendar: 'Your calendar link and the reminders you were sent',
  workshops: 'Your workshop seats, attendance and certificates',
  mentoring: 'Your mentoring requests, sessions, ratings and conversations',
  ideas: 'Your ideas, comments and likes',
  'rd-projects': 'Your R&D applications, bookmarks, alerts and views',
  matching: 'Your mentoring capacity and dismissed recommendations',
  programmes: 'Your programme participation and pairs',
  organisations: 'Your organisation membership, affiliation and expert application',
  notifications: 'Your notifications',
  emails: 'The e-mails the platform sent you (secrets hidden)',
  files: 'The files you uploaded (the files themselves are in files/)',
  contact: 'Messages you sent through the contact form',
  audit: 'Changes administrators made to your account',
  privacy: 'Your data-rights requests',
};

/** Rows the person may take with them: theirs, and the shared ones they already see (both sides of a conversation). */
function exportCondition(entry: RegistryEntry, userId: string, email: string) {
  if (entry.table === 'conversation_messages') return sql`student_id = ${userId} OR professional_id = ${userId}`;
  return ownedBy(entry, userId, email);
}

export interface ArchiveOwner {
  id: string;
  role: string;
  email: string;
  firstName: string;
  lastName: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function safeName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '').slice(0, 80);
  return cleaned || 'file';
}

/**
 * Build the person's archive: one JSON file per module, their uploaded files, their certificates' PDFs,
 * an .ics of their events and an index.html that says what is where.
 */
export async function buildArchive(
  db: Db,
  deps: { storage: Storage; config: Pick<Config, 'publicUrl' | 'mailFrom'> },
  owner: ArchiveOwner,
  now: Date,
): Promise<{ zip: Uint8Array; entries: string[] }> {
  const email = owner.email.toLowerCase();
  const files: Zippable = {};
  const counts: { file: string; table: string; rows: number }[] = [];
  const byModule = new Map<string, RegistryEntry[]>();
  for (const entry of REGISTRY) {
    if (!exportCondition(entry, owner.id, email)) continue;
    byModule.set(entry.module, [...(byModule.get(entry.module) ?? []), entry]);
  }
  for (const [module, entries] of byModule) {
    const tables: Record<string, unknown[]> = {};
    for (const entry of entries) {
      const where = exportCondition(entry, owner.id, email);
      if (!where) continue;
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`SELECT * FROM ${sql.identifier(entry.table)} WHERE ${where} LIMIT ${ROWS_PER_TABLE}`,
      );
      const hidden = new Set(entry.secret ?? []);
      tables[entry.table] = rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !hidden.has(k))));
      counts.push({ file: `${module}.json`, table: entry.table, rows: rows.length });
    }
    const document = { module, description: MODULE_FILES[module] ?? module, generatedAt: now.toISOString(), tables };
    files[`${module}.json`] = strToU8(JSON.stringify(document, null, 2));
  }

  // Uploaded files: the `files` table, and the avatar.
  const uploads = await queryRows<{ id: string; storage_key: string; original_name: string }>(
    db,
    sql`SELECT id, storage_key, original_name FROM files WHERE owner_id = ${owner.id} ORDER BY created_at`,
  );
  const [account] = await queryRows<{ profile_image_key: string | null }>(db, sql`SELECT profile_image_key FROM users WHERE id = ${owner.id}`);
  const stored: { name: string; key: string }[] = uploads.map((u) => ({ name: `files/${u.id}-${safeName(u.original_name)}`, key: u.storage_key }));
  if (account?.profile_image_key) stored.push({ name: `files/avatar.${account.profile_image_key.split('.').pop() ?? 'bin'}`, key: account.profile_image_key });
  for (const f of stored) {
    if (!(await deps.storage.exists(f.key))) continue;
    files[f.name] = [new Uint8Array(await readAll(deps.storage.read(f.key))), { level: 0 }];
  }

  // Certificates, drawn by the certificate generator.
  const certificates = await queryRows<{ certificate_id: string }>(
    db,
    sql`SELECT certificate_id FROM workshop_registrations WHERE student_id = ${owner.id} AND status = 'attended' AND certificate_id IS NOT NULL`,
  );
  for (const c of certificates) {
    const facts = await verifyCertificate(db, c.certificate_id).catch(() => null);
    if (!facts) continue;
    const pdf = await renderCertificate(facts, `${deps.config.publicUrl}/certificates/${facts.verificationId}`);
    files[`certificates/${c.certificate_id}.pdf`] = [pdf, { level: 0 }];
  }

  // Every event, past and future, as one calendar.
  files['calendar.ics'] = strToU8(await calendarOf(db, deps.config, owner, new Date(0), new Date(Date.UTC(9999, 0, 1)), 5000));

  files['index.html'] = strToU8(indexPage(owner, now, counts, Object.keys(files)));
  return { zip: zipSync(files, { level: 6, mtime: now }), entries: Object.keys(files) };
}

function indexPage(owner: ArchiveOwner, now: Date, counts: { file: string; table: string; rows: number }[], names: string[]): string {
  const jsonRows = [...new Set(counts.map((c) => c.file))]
    .map((file) => {
      const module = file.replace(/\.json$/, '');
      const tables = counts.filter((c) => c.file === file).map((c) => `${escapeHtml(c.table)}: ${c.rows}`).join(', ');
      return `<tr><td><a href="${escapeHtml(file)}">${escapeHtml(file)}</a></td><td>${escapeHtml(MODULE_FILES[module] ?? module)}</td><td>${tables}</td></tr>`;
    })
    .join('\n');
  const other = names
    .filter((n) => !n.endsWith('.json') && n !== 'index.html')
    .map((n) => `<li><a href="${escapeHtml(n)}">${escapeHtml(n)}</a></li>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Your MentorBridge data</title></head>
<body>
<h1>Your MentorBridge data</h1>
<p>Prepared for ${escapeHtml(`${owner.firstName} ${owner.lastName}`.trim())} (${escapeHtml(owner.email)}) on ${escapeHtml(now.toISOString())}.</p>
<p>Each JSON file holds the rows the platform keeps about you, one list per table, in a format any program can read.
What each table is for, and how long it is kept, is in the platform's privacy notice.</p>
<h2>Data (JSON)</h2>
<table>
<thead><tr><th>File</th><th>What it holds</th><th>Rows per table</th></tr></thead>
<tbody>
${jsonRows}
</tbody>
</table>
<h2>Files, certificates and calendar</h2>
<ul>
${other}
</ul>
</body>
</html>
`;
}
