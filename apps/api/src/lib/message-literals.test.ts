// Issue 25 (decisions 970, 1060, 1150): every e-mail, in-app notification (and so Web Push text) is
// written from the catalogues in the recipient's language. This guard reads the API's source and finds
// each message builder: an object literal with `title` and `message` (a notification, or what a helper
// writes for one) or with `to`, `subject` and `text` (an e-mail). No English sentence may be written into such a message: a new
// untranslated e-mail or notification fails here, with its file and line.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
/** Test data, fixtures and demo seeds write whatever they like. */
const SKIP = /(\.test\.ts|fixtures\.ts|test-helpers\.ts|demo-seed\.ts)$|[\\/]demo[\\/]/;
/** Two words with a space between them: a sentence or a phrase, not a key ('email.greeting') or a URL. */
const ENGLISH = /\b[A-Za-z]{2,} [a-z]{2,}\b/;
const TEXT_FIELDS = new Set(['title', 'message', 'subject', 'text', 'action']);
/** Calls whose string arguments are not text: the translator's key, and joining paragraphs. */
const TRANSLATOR = new Set(['t']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !SKIP.test(full) ? [full] : [];
  });
}

const propName = (p: ts.ObjectLiteralElementLike): string | undefined =>
  (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;

/** What kind of message an object literal builds, if any. */
function builderKind(node: ts.ObjectLiteralExpression): 'notification' | 'e-mail' | undefined {
  const names = new Set(node.properties.map(propName));
  // An API view of a stored message (`_id`: the outbox list) is a response, not a message being written.
  if (names.has('_id')) return undefined;
  // A notification, or the title and message a helper writes for one (`say: (t) => ({ title, message })`).
  if (names.has('title') && names.has('message')) return 'notification';
  if (names.has('to') && names.has('subject') && names.has('text')) return 'e-mail';
  return undefined;
}

/** English literals written into an expression (a translator call's key is not text; its values are). */
function englishIn(node: ts.Node, file: ts.SourceFile, found: string[]): void {
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
    if (TRANSLATOR.has(name)) {
      node.arguments.slice(1).forEach((a) => englishIn(a, file, found));
      return;
    }
  }
  const literal =
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
      ? node.text
      : ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)
        ? node.text
        : undefined;
  if (literal !== undefined && ENGLISH.test(literal)) {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${path.relative(SRC, file.fileName)}:${line + 1}: ${JSON.stringify(literal)}`);
  }
  ts.forEachChild(node, (child) => englishIn(child, file, found));
}

function scan() {
  const builders: string[] = [];
  const english: string[] = [];
  for (const fileName of sourceFiles(SRC)) {
    const file = ts.createSourceFile(fileName, readFileSync(fileName, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isObjectLiteralExpression(node)) {
        const kind = builderKind(node);
        if (kind) {
          const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
          builders.push(`${path.relative(SRC, fileName)}:${line + 1} ${kind}`);
          for (const p of node.properties) {
            const name = propName(p);
            if (name && TEXT_FIELDS.has(name) && ts.isPropertyAssignment(p)) englishIn(p.initializer, file, english);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { builders, english };
}

describe('e-mails and notifications come from the catalogues', () => {
  const { builders, english } = scan();

  it('finds the message builders (the scan itself works)', () => {
    const files = new Set(builders.map((b) => b.split(':')[0]));
    // A sample of the builders converted in decisions 970, 1060 and 1150: if the scan stops finding them, it is broken.
    for (const f of [
      'modules/privacy/privacy.service.ts',
      'modules/privacy/retention.ts',
      'modules/privacy/breach.ts',
      'modules/organisations/delegations.ts',
      'modules/mentoring/responsiveness.ts',
      'modules/mentoring/messages.service.ts',
      'modules/matching/matching.service.ts',
      'modules/rd-projects/alerts.ts',
      'modules/rd-projects/applications-admin.service.ts',
      'modules/reminders/reminders.ts',
      'modules/workshops/workshops.service.ts',
    ]) {
      expect(files, f).toContain(f);
    }
    expect(builders.length).toBeGreaterThan(40);
  });

  it('writes no English sentence into an e-mail or a notification', () => {
    expect(english).toEqual([]);
  });

  it('would catch a new untranslated e-mail', () => {
    const probe = ts.createSourceFile(
      path.join(SRC, 'probe.ts'),
      "await queueEmail(db, { to: user.email, subject: t('email.x.subject'), text: `Hello ${name},\\n\\nYour export is ready.` });",
      ts.ScriptTarget.Latest,
      true,
    );
    const found: string[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isObjectLiteralExpression(node) && builderKind(node)) {
        for (const p of node.properties) if (ts.isPropertyAssignment(p) && TEXT_FIELDS.has(propName(p) ?? '')) englishIn(p.initializer, probe, found);
      }
      ts.forEachChild(node, visit);
    };
    visit(probe);
    expect(found).toEqual(['probe.ts:1: ",\\n\\nYour export is ready."']);
  });
});
