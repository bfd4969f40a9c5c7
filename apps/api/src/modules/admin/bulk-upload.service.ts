import { z } from 'zod';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import {
  BULK_MESSAGES,
  BULK_OPTIONAL_COLUMNS,
  BULK_REQUIRED_COLUMNS,
  PROFESSIONAL_MESSAGES,
  emailField,
  matchExpertise,
  socialLinksBody,
  type BulkConflict,
  type BulkUploadResult,
  type BulkUploadResultData,
} from '@app/shared/admin';
import { EXPERTISE_OPTIONS } from '@app/shared/professionals';
import { PHONE_MAX_LENGTH, REGISTRATION_MESSAGES, isPhoneNumber } from '@app/shared/auth';
import { LIMITS, requiredText, text, uniqueTrimmed } from '@app/shared/text';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, emails, jobs } from '../../db/schema/platform.ts';
import { passwordResetTokens, professionalProfiles, users } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Actor } from '../../lib/http.ts';
import { EMAIL_JOB, emailRow } from '../../lib/mail.ts';
import { localiseMessage, SOURCE_LANGUAGE } from '../../lib/i18n.ts';
import { recipientLocales, voiceOf, type Voice } from '../../lib/recipient-locale.ts';
import { catalogueMessages } from '../../lib/request-validation.ts';
import { hashPassword, temporaryPassword } from '../../lib/password.ts';
import { splitName } from './common.ts';
import { existingEmails, setPasswordLink, welcomeEmail } from './professionals.service.ts';
import type { Sheet } from './spreadsheet.ts';

type Field =
  | 'name'
  | 'email'
  | 'title'
  | 'company'
  | 'expertise'
  | 'phone'
  | 'experience'
  | 'bio'
  | 'specializations'
  | 'skills'
  | 'hourlyRate'
  | 'linkedin'
  | 'twitter'
  | 'website';

const HEADER_ALIASES: Record<string, Field> = {
  name: 'name',
  fullname: 'name',
  professionalname: 'name',
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  title: 'title',
  jobtitle: 'title',
  designation: 'title',
  position: 'title',
  company: 'company',
  organization: 'company',
  organisation: 'company',
  employer: 'company',
  expertise: 'expertise',
  expertisearea: 'expertise',
  area: 'expertise',
  phone: 'phone',
  phonenumber: 'phone',
  mobile: 'phone',
  contactnumber: 'phone',
  experience: 'experience',
  yearsofexperience: 'experience',
  experienceyears: 'experience',
  years: 'experience',
  bio: 'bio',
  biography: 'bio',
  about: 'bio',
  specializations: 'specializations',
  specialisations: 'specializations',
  specialization: 'specializations',
  skills: 'skills',
  skill: 'skills',
  hourlyrate: 'hourlyRate',
  rate: 'hourlyRate',
  linkedin: 'linkedin',
  twitter: 'twitter',
  website: 'website',
};

const REQUIRED_FIELDS: Record<(typeof BULK_REQUIRED_COLUMNS)[number], Field> = {
  Name: 'name',
  Email: 'email',
  Title: 'title',
  Company: 'company',
  Expertise: 'expertise',
};

const listCell = (v: string) => uniqueTrimmed(v.split(/[;,\n]/)).slice(0, LIMITS.listSize);

const rowSchema = z.object({
  name: requiredText('Name', LIMITS.name, PROFESSIONAL_MESSAGES.name),
  email: emailField,
  title: requiredText('Title', LIMITS.title, PROFESSIONAL_MESSAGES.title),
  company: requiredText('Company', LIMITS.title, PROFESSIONAL_MESSAGES.company),
  expertise: z.string().transform((v, ctx) => {
    const match = matchExpertise(v);
    if (!match) {
      ctx.addIssue({
        code: 'custom',
        // error.admin.bulk.unknownExpertise in the catalogues.
        message: v.trim() ? `Unknown expertise "${v.trim().slice(0, 60)}"` : PROFESSIONAL_MESSAGES.expertise,
      });
      return z.NEVER;
    }
    return match;
  }),
  phone: text('Phone', PHONE_MAX_LENGTH).refine((v) => v === '' || isPhoneNumber(v), REGISTRATION_MESSAGES.phoneInvalid),
  experience: z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === '') return 0;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 80) {
        ctx.addIssue({ code: 'custom', message: PROFESSIONAL_MESSAGES.experience });
        return z.NEVER;
      }
      return n;
    }),
  bio: text('Bio', LIMITS.long),
  specializations: text('Specializations', 2000).transform(listCell),
  skills: text('Skills', 2000).transform(listCell),
  hourlyRate: z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === '') return null;
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: PROFESSIONAL_MESSAGES.hourlyRate });
        return z.NEVER;
      }
      return n;
    }),
  linkedin: socialLinksBody.shape.linkedin,
  twitter: socialLinksBody.shape.twitter,
  website: socialLinksBody.shape.website,
});
type ValidRow = z.infer<typeof rowSchema> & { row: number };

const normaliseHeader = (h: string) => h.toLowerCase().replace(/[^a-z]/g, '');

function mapColumns(headers: string[]): Map<Field, number> {
  const map = new Map<Field, number>();
  headers.forEach((h, i) => {
    const field = HEADER_ALIASES[normaliseHeader(h)];
    if (field && !map.has(field)) map.set(field, i);
  });
  const missing = BULK_REQUIRED_COLUMNS.filter((c) => !map.has(REQUIRED_FIELDS[c]));
  if (missing.length > 0) {
    // Catalogued as error.admin.bulk.missingColumns: the onSend hook reads it back in the caller's language.
    const message = `Missing required columns: ${missing.join(', ')}`;
    throw badRequest(message, [message, `Required columns: ${BULK_REQUIRED_COLUMNS.join(', ')}`]);
  }
  return map;
}

export interface BulkOptions {
  dryRun: boolean;
  /** Rows per transaction. */
  chunkSize?: number;
  /** Queue the welcome e-mails of one committed chunk; replaced in tests to simulate a mail failure. */
  queueEmails?: (db: Db, welcomes: Welcome[]) => Promise<void>;
  /**
   * Whose language the report is worded in (the administrator's: `callerVoice`): row problems, warnings
   * and conflicts. English when not given; the spec's English texts stay exactly as they are.
   */
  voice?: Pick<Voice, 'language' | 't' | 'format'>;
}

/** A welcome e-mail and the set-password token its link carries (decision 825: never a password). */
export interface Welcome {
  message: ReturnType<typeof welcomeEmail>;
  token: ReturnType<typeof setPasswordLink>['row'];
}

/** Store the chunk's set-password tokens, welcome e-mails and their delivery jobs: three inserts, one transaction. */
export async function queueWelcomeEmails(db: Db, welcomes: Welcome[]): Promise<void> {
  if (welcomes.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values(welcomes.map((w) => w.token));
    const rows = await tx
      .insert(emails)
      .values(welcomes.map((w) => emailRow(w.message)))
      .returning({ id: emails.id });
    await tx.insert(jobs).values(rows.map((r) => ({ type: EMAIL_JOB, payload: { emailId: r.id }, maxAttempts: 8 })));
  });
}

/** Hash in parallel batches: argon2 runs on libuv's thread pool, so both cores work. */
async function hashAll(passwords: string[], batch = 8): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < passwords.length; i += batch) {
    out.push(...(await Promise.all(passwords.slice(i, i + batch).map((p) => hashPassword(p)))));
  }
  return out;
}

/**
 * Validate every row, report duplicates (inside the file and against existing accounts) as conflicts,
 * and create the valid rows in chunks. Creation is idempotent under concurrency: the unique e-mail
 * index with ON CONFLICT DO NOTHING means the same file uploaded twice, even at once, creates nobody twice.
 */
export async function bulkCreateProfessionals(
  db: Db,
  config: Config,
  actor: Actor,
  sheet: Sheet,
  options: BulkOptions,
): Promise<BulkUploadResult> {
  const columns = mapColumns(sheet.headers);
  const voice = options.voice ?? voiceOf({ language: SOURCE_LANGUAGE, timeZone: 'UTC' });
  /** A contract's English message (catalogued) in the report's language. */
  const say = (english: string) => localiseMessage(english, voice.language);
  if (sheet.rows.length === 0) throw badRequest(BULK_MESSAGES.empty);
  const cell = (cells: string[], field: Field) => {
    const i = columns.get(field);
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };

  const data: BulkUploadResultData = {
    dryRun: options.dryRun,
    totalRows: sheet.rows.length,
    validRows: 0,
    successfullyCreated: 0,
    emailsSent: 0,
    emailsFailed: 0,
    warnings: [],
    skippedRecords: [],
    createdProfessionals: [],
    emailResults: [],
    processingErrors: [],
  };
  const errors: string[] = [];
  const conflicts: BulkConflict[] = [];
  const ignored = [...new Set(sheet.headers.map((h) => h.trim()).filter((h) => h && !HEADER_ALIASES[normaliseHeader(h)]))];
  if (ignored.length > 0) data.warnings.push(voice.t('error.admin.bulk.columnsIgnored', { columns: voice.format.list(ignored, { type: 'unit', style: 'short' }) }));

  const valid: ValidRow[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, cells } of sheet.rows) {
    const raw = Object.fromEntries((Object.keys(rowSchema.shape) as Field[]).map((f) => [f, cell(cells, f)]));
    const original = { name: raw.name ?? '', email: raw.email ?? '', title: raw.title ?? '' };
    const parsed = rowSchema.safeParse(raw, { error: catalogueMessages() });
    if (!parsed.success) {
      const reasons = [...new Set(parsed.error.issues.map((i) => say(i.message)))];
      for (const r of reasons) errors.push(voice.t('error.admin.bulk.rowProblem', { row, problem: r }));
      data.skippedRecords.push({ row, reason: reasons.join('; '), originalData: original });
      continue;
    }
    const first = firstRowOf.get(parsed.data.email);
    if (first !== undefined) {
      const message = voice.t('error.admin.bulk.duplicateInFile', { row: first });
      conflicts.push({ row, email: parsed.data.email, type: 'duplicate_in_file', message });
      data.skippedRecords.push({ row, reason: message, originalData: original });
      continue;
    }
    firstRowOf.set(parsed.data.email, row);
    valid.push({ ...parsed.data, row });
  }

  const existing = await existingEmails(
    db,
    valid.map((v) => v.email),
  );
  const toCreate: ValidRow[] = [];
  for (const v of valid) {
    if (existing.has(v.email)) {
      conflicts.push({ row: v.row, email: v.email, type: 'existing_account', message: say(PROFESSIONAL_MESSAGES.duplicate) });
      data.skippedRecords.push({
        row: v.row,
        reason: say(PROFESSIONAL_MESSAGES.duplicate),
        originalData: { name: v.name, email: v.email, title: v.title },
      });
    } else toCreate.push(v);
  }
  data.validRows = toCreate.length;

  if (!options.dryRun && toCreate.length > 0) {
    const passwords = toCreate.map(() => temporaryPassword());
    const hashes = await hashAll(passwords);
    const chunkSize = options.chunkSize ?? 100;
    const queue = options.queueEmails ?? queueWelcomeEmails;
    for (let start = 0; start < toCreate.length; start += chunkSize) {
      const chunk = toCreate.slice(start, start + chunkSize);
      let inserted: { id: string; email: string; firstName: string }[];
      try {
        inserted = await db.transaction(async (tx) => {
          const created = await tx
            .insert(users)
            .values(
              chunk.map((v, i) => ({
                role: 'professional' as const,
                email: v.email,
                passwordHash: hashes[start + i] ?? '',
                ...splitName(v.name),
                phone: v.phone || null,
                bio: v.bio || null,
                isVerified: true,
                isTemporaryPassword: true,
              })),
            )
            .onConflictDoNothing({ target: users.email })
            .returning({ id: users.id, email: users.email, firstName: users.firstName });
          const byEmail = new Map(chunk.map((v) => [v.email, v]));
          if (created.length > 0) {
            await tx.insert(professionalProfiles).values(
              created.map((u) => {
                const v = byEmail.get(u.email);
                return {
                  userId: u.id,
                  title: v?.title ?? '',
                  company: v?.company ?? '',
                  expertise: v?.expertise ?? '',
                  experienceYears: v?.experience ?? 0,
                  specializations: v?.specializations ?? [],
                  skills: v?.skills ?? [],
                  hourlyRate: v?.hourlyRate ?? null,
                  socialLinks: {
                    ...(v?.linkedin ? { linkedin: v.linkedin } : {}),
                    ...(v?.twitter ? { twitter: v.twitter } : {}),
                    ...(v?.website ? { website: v.website } : {}),
                  },
                };
              }),
            );
            await tx.insert(auditLog).values(
              created.map((u) => {
                const v = byEmail.get(u.email);
                return {
                  actorId: actor.id,
                  action: 'create',
                  entity: 'professional',
                  entityId: u.id,
                  before: null,
                  after: {
                    source: 'bulk-upload',
                    row: v?.row,
                    name: v?.name,
                    email: u.email,
                    title: v?.title,
                    company: v?.company,
                    expertise: v?.expertise,
                  },
                };
              }),
            );
          }
          return created;
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        for (const v of chunk)
          data.processingErrors.push({ email: v.email, error: voice.t('error.admin.bulk.notCreated', { reason: message.slice(0, 200) }) });
        continue;
      }
      const createdEmails = new Set(inserted.map((u) => u.email));
      // Lost a race with a concurrent upload (or an account created meanwhile): skipped, never twice.
      for (const v of chunk) {
        if (createdEmails.has(v.email)) continue;
        conflicts.push({ row: v.row, email: v.email, type: 'existing_account', message: say(PROFESSIONAL_MESSAGES.duplicate) });
        data.skippedRecords.push({
          row: v.row,
          reason: say(PROFESSIONAL_MESSAGES.duplicate),
          originalData: { name: v.name, email: v.email, title: v.title },
        });
      }
      const chunkRows = chunk
        .map((v, i) => ({ v, password: passwords[start + i] ?? '', user: inserted.find((u) => u.email === v.email) }))
        .filter((r): r is { v: ValidRow; password: string; user: { id: string; email: string; firstName: string } } =>
          Boolean(r.user),
        );
      for (const r of chunkRows) {
        data.createdProfessionals.push({
          row: r.v.row,
          professional: { _id: r.user.id, name: r.v.name, email: r.v.email, title: r.v.title },
        });
      }
      data.successfullyCreated += chunkRows.length;
      try {
        const locales = await recipientLocales(db, chunkRows.map((r) => r.user.id));
        await queue(
          db,
          chunkRows.map((r) => {
            const invite = setPasswordLink(config, r.user.id);
            return { message: welcomeEmail(config, r.user, invite, 'professional', voiceOf(locales.get(r.user.id))), token: invite.row };
          }),
        );
        for (const r of chunkRows) data.emailResults.push({ email: r.v.email, sent: true });
        data.emailsSent += chunkRows.length;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        for (const r of chunkRows) {
          // Only here does a temporary password leave the server, to the administrator's screen (never by
          // e-mail): the administrator shares it by hand and the person must change it at first sign-in.
          data.emailResults.push({ email: r.v.email, sent: false, password: r.password });
          data.processingErrors.push({
            email: r.v.email,
            error: voice.t('error.admin.bulk.welcomeNotQueued', { reason: message.slice(0, 200) }),
          });
        }
        data.emailsFailed += chunkRows.length;
      }
    }
    data.validRows = data.successfullyCreated;
  }

  data.skippedRecords.sort((a, b) => a.row - b.row);
  const skipped = data.skippedRecords.length;
  if (!options.dryRun) {
    await audit(db, actor.id, 'bulk_upload', 'professional', null, null, {
      totalRows: data.totalRows,
      created: data.successfullyCreated,
      skipped,
      emailsFailed: data.emailsFailed,
    });
  }
  const message = options.dryRun
    ? `Validation complete: ${data.validRows} of ${data.totalRows} rows can be created, ${skipped} would be skipped`
    : `${data.successfullyCreated} professional${data.successfullyCreated === 1 ? '' : 's'} created, ${skipped} skipped`;
  return {
    success: true,
    message,
    errors,
    conflicts,
    ...(conflicts.length > 0 ? { suggestion: say(BULK_MESSAGES.suggestion) } : {}),
    data,
  };
}

const TEMPLATE_COLUMNS = [...BULK_REQUIRED_COLUMNS, ...BULK_OPTIONAL_COLUMNS];

/** The upload template: the header row (xlsx adds an instructions sheet with the 15 expertise choices). */
export async function buildTemplate(format: 'xlsx' | 'csv'): Promise<Buffer> {
  if (format === 'csv') return Buffer.from(stringify([TEMPLATE_COLUMNS], { bom: true, record_delimiter: '\r\n' }), 'utf8');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'MentorBridge';
  const sheet = workbook.addWorksheet('Professionals');
  sheet.addRow(TEMPLATE_COLUMNS);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((c) => {
    c.width = 22;
  });
  const help = workbook.addWorksheet('Instructions');
  help.addRow(['One professional per row on the first sheet. At most 500 rows per upload, file under 10 MB.']);
  help.addRow([`Required columns: ${BULK_REQUIRED_COLUMNS.join(', ')}.`]);
  help.addRow(['Specializations and Skills: separate entries with commas. Links must start with https://.']);
  help.addRow(['Each e-mail may appear once; existing accounts are reported as conflicts and skipped.']);
  help.addRow([]);
  help.addRow(['Expertise (one of)']);
  for (const e of EXPERTISE_OPTIONS) help.addRow([e]);
  help.getColumn(1).width = 100;
  const out = await workbook.xlsx.writeBuffer();
  return Buffer.from(out as ArrayBuffer);
}
