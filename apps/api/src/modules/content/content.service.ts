import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { siteContent as siteContentSchema, type ContactBody, type SiteContent } from '@app/shared/content';
import type { Db } from '../../db/client.ts';
import { contactMessages, siteContent } from '../../db/schema/platform.ts';

const SITE_KEY = 'site';

function contentFile(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'content', 'site.json');
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('content/site.json not found');
}

let fileContent: SiteContent | undefined;

/** The operator's content file (apps/api/content/site.json), validated once. */
export function defaultSiteContent(): SiteContent {
  fileContent ??= siteContentSchema.parse(JSON.parse(readFileSync(contentFile(), 'utf8')));
  return fileContent;
}

/** Content edited in the admin console wins over the file. */
export async function getSiteContent(db: Db): Promise<SiteContent> {
  const [row] = await db.select().from(siteContent).where(eq(siteContent.key, SITE_KEY));
  if (row) {
    const parsed = siteContentSchema.safeParse(row.value);
    if (parsed.success) return parsed.data;
  }
  return defaultSiteContent();
}

export async function saveSiteContent(db: Db, value: SiteContent): Promise<SiteContent> {
  await db
    .insert(siteContent)
    .values({ key: SITE_KEY, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: siteContent.key, set: { value, updatedAt: new Date() } });
  return value;
}

export async function createContactMessage(db: Db, input: ContactBody): Promise<void> {
  if (input.website) return; // honeypot filled: a bot; answer as if stored
  await db.insert(contactMessages).values({
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
  });
}
