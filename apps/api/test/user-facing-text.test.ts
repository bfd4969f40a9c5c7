import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/**
 * Issue 16: emoji in messages rendered as empty boxes on machines without a colour-emoji font (the
 * product ships none). Text the user reads carries no emoji-presentation characters.
 */
describe('user-facing text', () => {
  it('has no emoji that need a colour-emoji font (shared messages and the web app)', () => {
    const files = [...sources(path.join(root, 'packages/shared/src')), ...sources(path.join(root, 'apps/web/src'))];
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ where: `${path.relative(root, file)}:${i + 1}`, line }))
        .filter(({ line }) => /\p{Emoji_Presentation}/u.test(line)),
    );
    expect(found).toEqual([]);
  });
});
