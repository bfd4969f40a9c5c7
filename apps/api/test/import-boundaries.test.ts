// The import-boundary lint (decision 800) fires: each kind of wrong import inside apps/api/src fails
// `npm run lint` with the real eslint.config.js, and the allowed shapes pass.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const src = (rel: string) => path.join(repo, 'apps/api/src', rel);
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repo });
});

/** The boundary messages ESLint gives for `code` placed at `file` (a path under apps/api/src). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: src(file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'mentorbridge-api/layers').map((m) => m.message);
}

const use = (spec: string) => `import * as x from '${spec}';\nexport const y = x;\n`;

describe('API import boundaries', () => {
  it('fails an import from a lower layer into a higher one', async () => {
    expect(await boundaryErrors('db/example.ts', use('../lib/sql.ts'))).toEqual([expect.stringMatching(/db layer.*lib\/sql\.ts \(lib layer, above it\)/)]);
    expect(await boundaryErrors('lib/example.ts', use('../modules/users/index.ts'))).toEqual([expect.stringMatching(/lib layer.*modules layer/)]);
    expect(await boundaryErrors('modules/workshops/example.ts', use('../../demo/index.ts'))).toEqual([expect.stringMatching(/modules layer.*demo layer/)]);
    expect(await boundaryErrors('demo/example.ts', use('../app.ts'))).toEqual([expect.stringMatching(/demo layer.*app layer/)]);
    expect(await boundaryErrors('db/example.ts', `export const load = () => import('../lib/sql.ts');\n`)).toHaveLength(1);
  });

  it('fails an import into another module that does not go through its public entry', async () => {
    expect(await boundaryErrors('modules/calendar/example.ts', use('../workshops/workshops.service.ts'))).toEqual([
      expect.stringMatching(/through its public entry modules\/workshops\/index\.ts/),
    ]);
    expect(await boundaryErrors('demo/example.ts', use('../modules/workshops/workshops.fixtures.ts'))).toHaveLength(1);
    expect(await boundaryErrors('app.ts', `export { x } from './modules/auth/access.ts';\n`)).toHaveLength(1);
  });

  it('fails a module importing a module that does not sit below it (no cycles)', async () => {
    expect(await boundaryErrors('modules/workshops/example.ts', use('../calendar/index.ts'))).toEqual([
      expect.stringMatching(/module workshops must not import module calendar/),
    ]);
    expect(await boundaryErrors('modules/auth/example.ts', use('../organisations/index.ts'))).toHaveLength(1);
  });

  it('fails a module that is not in the declared order', async () => {
    expect(await boundaryErrors('modules/brand-new/example.ts', use('../../lib/sql.ts'))).toEqual([expect.stringMatching(/module brand-new is not in the module order/)]);
  });

  it('passes imports that point down, within a module, and through a lower module’s entry', async () => {
    expect(await boundaryErrors('lib/example.ts', use('../db/client.ts'))).toEqual([]);
    expect(await boundaryErrors('modules/calendar/example.ts', use('./fan-out.ts'))).toEqual([]);
    expect(await boundaryErrors('modules/calendar/example.ts', use('../workshops/index.ts'))).toEqual([]);
    expect(await boundaryErrors('demo/example.ts', use('../modules/workshops/index.ts'))).toEqual([]);
    expect(await boundaryErrors('server.ts', use('./demo/index.ts'))).toEqual([]);
    // Test code may use another module's helpers, but never climb the layers.
    expect(await boundaryErrors('modules/calendar/example.test.ts', use('../workshops/workshops.fixtures.ts'))).toEqual([]);
    expect(await boundaryErrors('lib/example.test.ts', use('../app.ts'))).toHaveLength(1);
  });
});
