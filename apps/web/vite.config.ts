import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { PSEUDO_LANGUAGE, pseudoCompiled } from '../../packages/shared/src/i18n/pseudo.ts';
import { defineConfig, parseAst, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Write `file.br` and `file.gz` beside every compressible file of the build (HTML, JS, CSS, SVG,
 * JSON of 1 kB or more, when compression saves at least a tenth). The API serves them with
 * content-encoding (`preCompressed` in apps/api/src/app.ts): compressed once here at the highest
 * levels instead of per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'mentorbridge:precompress',
    apply: 'build',
    configResolved(config) {
      // The server's bundle (dist-ssr, decision 1070) is read from disk by the API, never sent.
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!outDir) return;
      const files: string[] = [];
      const walk = async (dir: string) => {
        for (const entry of await readdir(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) {
            if (entry.name !== '.vite') await walk(full);
          } else if (/\.(html|js|mjs|css|svg|json|txt|webmanifest)$/.test(entry.name)) {
            files.push(full);
          }
        }
      };
      await walk(outDir);
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < 1024) return;
          const source = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: 9 }),
          ]);
          if (br.length < source.length * 0.9) await writeFile(`${file}.br`, br);
          if (gz.length < source.length * 0.9) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * The shared contracts (packages/shared/src) build zod schemas at the top level of modules that also
 * export plain constants and helpers. For the web build every top-level `const x = <call>` there is
 * wrapped in a pure-annotated function call, evaluated at the same moment as before: a page that uses
 * a constant keeps the constant and drops the module's unused schemas, and zod with them when none is
 * left (decision 950). The contracts configure nothing global (no z.config, no registry), so building
 * a schema nobody reads has no effect to keep. Build only: the dev server serves the modules as they are.
 */
function pureContracts(): Plugin {
  const SHARED = `${path.sep}packages${path.sep}shared${path.sep}src${path.sep}`;
  type Node = { type: string; start: number; end: number; declaration?: Node | null; declarations?: { init?: Node | null }[] };
  const effectful = new Set(['CallExpression', 'NewExpression', 'MemberExpression', 'ChainExpression']);
  const literal = new Set(['ObjectExpression', 'ArrayExpression']);
  return {
    name: 'mentorbridge:pure-contracts',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      const file = id.replace(/\?contracts$/, '');
      if (!file.includes(SHARED) || !/\.[cm]?[jt]s$/.test(file) || file.includes('.test.')) return null;
      const program = parseAst(code) as unknown as { body: Node[] };
      const inits: Node[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const d of declaration.declarations ?? []) {
          if (!d.init) continue;
          // An object or array of fields built by calls (`const personFields = { name: requiredText(…) }`) too:
          // unwrapped, its calls would stay in the page as statements, and zod with them.
          const built = literal.has(d.init.type) && code.slice(d.init.start, d.init.end).includes('(');
          if (effectful.has(d.init.type) || built) inits.push(d.init);
        }
      }
      if (inits.length === 0) return null;
      let out = code;
      for (const init of inits.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => (${out.slice(init.start, init.end)}))()${out.slice(init.end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/**
 * A feature's `schemas.ts` (loaded with its first request, decision 950) gets its OWN copies of the
 * shared contract modules it imports, and of everything they import from packages/shared (ids with
 * `?contracts`). A module cannot be split between chunks: when a page imported one constant from a
 * contract module that the lazy schemas also used, the whole module (its schemas, and zod) came with
 * the page. With a copy each side keeps what it uses: the page's copy is tree-shaken to its constants
 * (its schemas are pure and unused, see pureContracts), the lazy copy holds the schemas. The contracts
 * hold no state and configure nothing global, so two copies behave as one; a few constants are
 * duplicated in the lazy chunk. Build only.
 */
function lazyContractCopies(): Plugin {
  const SHARED = `${path.sep}packages${path.sep}shared${path.sep}src${path.sep}`;
  const SUFFIX = '?contracts';
  const lazySchemas = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]schemas\.ts$/;
  return {
    name: 'mentorbridge:lazy-contract-copies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !(lazySchemas.test(importer) || importer.endsWith(SUFFIX))) return null;
      const from = importer.endsWith(SUFFIX) ? importer.slice(0, -SUFFIX.length) : importer;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !resolved.id.includes(SHARED) || resolved.id.includes('?')) return resolved;
      return { ...resolved, id: `${resolved.id}${SUFFIX}` };
    },
    load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      this.addWatchFile(file);
      return readFileSync(file, 'utf8');
    },
  };
}

const CATALOGUES = path.resolve(import.meta.dirname, '../../packages/shared/src/i18n/catalogues');
const CATALOGUE_INDEX = 'virtual:mentorbridge/catalogues';
const CATALOGUE_PREFIX = 'virtual:mentorbridge/catalogue/';

/**
 * The message catalogues (packages/shared/src/i18n/catalogues/<language>.json), one lazily loaded chunk
 * per language, compiled ahead of time so the browser needs only @lingui/core's small runtime, not
 * the ICU parser (docs/decisions/740-languages-lingui-icu-catalogues.md). `virtual:mentorbridge/catalogues`
 * lists the languages found in the folder (code, own name, direction) with a loader for each: adding
 * a language is adding its catalogue, nothing in code.
 *
 * The pseudo-locale (`en-XA`, decision 971) has a loader too, made from the English catalogue, but is not
 * in `languages`: the menu never offers it and no browser language selects it; only a test that stores it
 * as the device's choice opens a page in it (e2e/pseudo-locale.spec.ts). Its chunk is never downloaded
 * otherwise.
 */
function catalogues(): Plugin {
  const read = (code: string): Record<string, string> => {
    const raw = JSON.parse(readFileSync(path.join(CATALOGUES, `${code}.json`), 'utf8')) as Record<string, string | { message: string }>;
    return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? v : v.message]));
  };
  const codes = () =>
    readdirSync(CATALOGUES)
      .filter((f) => /^[a-z]{2,3}(-[A-Za-z0-9]+)*\.json$/.test(f))
      .map((f) => f.slice(0, -5))
      .sort();
  return {
    name: 'mentorbridge:catalogues',
    resolveId(id) {
      if (id === CATALOGUE_INDEX || id.startsWith(CATALOGUE_PREFIX)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === `\0${CATALOGUE_INDEX}`) {
        const languages = codes().map((code) => {
          const m = read(code);
          this.addWatchFile(path.join(CATALOGUES, `${code}.json`));
          return { code, name: m['language.name'] ?? code, direction: m['language.direction'] === 'rtl' ? 'rtl' : 'ltr' };
        });
        const loaders = [...languages.map((l) => l.code), PSEUDO_LANGUAGE].map(
          (code) => `${JSON.stringify(code)}: () => import(${JSON.stringify(CATALOGUE_PREFIX + code)}).then((m) => m.default)`,
        );
        return `export const languages = ${JSON.stringify(languages)};\nexport const pseudo = ${JSON.stringify(PSEUDO_LANGUAGE)};\nexport const loaders = {${loaders.join(',')}};\n`;
      }
      if (id.startsWith(`\0${CATALOGUE_PREFIX}`)) {
        const code = id.slice(CATALOGUE_PREFIX.length + 1);
        const pseudo = code === PSEUDO_LANGUAGE;
        this.addWatchFile(path.join(CATALOGUES, `${pseudo ? 'en' : code}.json`));
        const compiled = Object.fromEntries(
          Object.entries(read(pseudo ? 'en' : code)).map(([k, v]) => [k, pseudo && k !== 'language.name' && k !== 'language.direction' ? pseudoCompiled(compileMessage(v)) : compileMessage(v)]),
        );
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});\n`;
      }
      return null;
    },
  };
}

const PART_RUNTIME = path.resolve(import.meta.dirname, 'src/lib/catalogue-parts.ts');
const PART_PLACEHOLDER = '__MENTORBRIDGE_CATALOGUE_PART__';

/**
 * The messages come in parts (docs/decisions/1100-catalogue-parts.md). Client build only: every module
 * of the app (apps/web/src, packages/shared/src) whose code names a catalogue key gets, at its top level,
 * `await waitForPart('<part>')` (src/lib/catalogue-parts.ts), so it runs once its messages are in. Once
 * the chunks are made, each chunk's part is the set of keys its code names (keys are string literals;
 * a literal prefix that code completes — `'x.y.' + z`, `` `x.y.${z}` `` — counts as every key it
 * starts), written per language, compiled, as `assets/i18n/<chunk name>-<hash>.<language>.js` (the
 * pseudo-locale's from English). The part's name is in the chunk's code, so the chunk's hash follows its
 * messages in every language. `.vite/catalogue-parts.json` maps each chunk file to its part for
 * `npm run bench:web`. The dev server and the server's bundle load whole catalogues (`catalogues()`).
 */
function catalogueParts(): Plugin {
  const KEYS_ROOTS = [path.resolve(import.meta.dirname, 'src'), path.resolve(import.meta.dirname, '../../packages/shared/src')].map((d) => d + path.sep);
  const literal = /(["'`])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g;
  // A key's start that code completes: `'a.b.' + x` (or `x + …`) and `` `a.b.${x}` ``.
  const prefix = /(?:(["'])([A-Za-z][\w-]*(?:\.[\w-]+)*\.)\1\s*\+|`([A-Za-z][\w-]*(?:\.[\w-]+)*\.)\$\{)/g;
  let enabled = false;
  let keys = new Set<string>();
  let sortedKeys: string[] = [];
  let compiled = new Map<string, Record<string, unknown>>();
  const injected = new Set<string>();
  /** part name → its source per language */
  const parts = new Map<string, Map<string, string>>();
  const readCatalogue = (code: string): Record<string, string> => {
    const raw = JSON.parse(readFileSync(path.join(CATALOGUES, `${code}.json`), 'utf8')) as Record<string, string | { message: string }>;
    return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? v : v.message]));
  };
  const keysIn = (code: string): { found: Set<string>; prefixes: Set<string> } => {
    const found = new Set<string>();
    const prefixes = new Set<string>();
    for (const m of code.matchAll(literal)) if (m[2] && keys.has(m[2])) found.add(m[2]);
    for (const m of code.matchAll(prefix)) {
      const start = m[2] ?? m[3];
      if (!start) continue;
      const completed = sortedKeys.filter((k) => k.startsWith(start));
      if (completed.length === 0) continue;
      prefixes.add(start);
      for (const k of completed) found.add(k);
    }
    return { found, prefixes };
  };
  return {
    name: 'mentorbridge:catalogue-parts',
    apply: 'build',
    configResolved(config) {
      enabled = !config.build.ssr;
    },
    buildStart() {
      if (!enabled) return;
      injected.clear();
      parts.clear();
      const files = readdirSync(CATALOGUES).filter((f) => /^[a-z]{2,3}(-[A-Za-z0-9]+)*\.json$/.test(f));
      const english = readCatalogue('en');
      keys = new Set(Object.keys(english));
      sortedKeys = [...keys].sort();
      compiled = new Map();
      for (const file of files) {
        this.addWatchFile(path.join(CATALOGUES, file));
        const code = file.slice(0, -5);
        compiled.set(code, Object.fromEntries(Object.entries(readCatalogue(code)).map(([k, v]) => [k, compileMessage(v)])));
      }
      compiled.set(
        PSEUDO_LANGUAGE,
        Object.fromEntries(
          Object.entries(english).map(([k, v]) => [k, k === 'language.name' || k === 'language.direction' ? compileMessage(v) : pseudoCompiled(compileMessage(v))]),
        ),
      );
    },
    transform(code, id) {
      if (!enabled || id.startsWith('\0') || id.includes('node_modules') || !/\.[cm]?[jt]sx?(\?.*)?$/.test(id)) return null;
      const file = id.replace(/\?.*$/, '');
      if (file === PART_RUNTIME || !KEYS_ROOTS.some((root) => file.startsWith(root)) || file.includes('.test.')) return null;
      if (keysIn(code).found.size === 0) return null;
      injected.add(id);
      return {
        code: `${code}\nimport { waitForPart as __mbWaitForPart } from ${JSON.stringify(PART_RUNTIME)};\nawait __mbWaitForPart(import.meta.url, ${JSON.stringify(PART_PLACEHOLDER)});\n`,
        map: null,
      };
    },
    buildEnd() {
      if (!enabled) return;
      // The runtime (and what it imports) must not wait for a part: it would wait for itself.
      const seen = new Set<string>();
      const visit = (id: string) => {
        if (seen.has(id)) return;
        seen.add(id);
        if (injected.has(id)) this.error(`catalogue-parts: ${id} names catalogue keys but lib/catalogue-parts.ts imports it`);
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visit(dep);
      };
      visit(PART_RUNTIME);
    },
    outputOptions(options) {
      if (!enabled) return null;
      // A chunk with messages is named `….t.js`: the loader sees it among the preloads and starts its part.
      const base = options.chunkFileNames;
      return {
        ...options,
        chunkFileNames: (chunk) => {
          const name = typeof base === 'function' ? base(chunk) : (base ?? 'assets/[name]-[hash].js');
          return chunk.moduleIds.some((id) => injected.has(id)) ? name.replace(/\.js$/, '.t.js') : name;
        },
      };
    },
    renderChunk(code) {
      if (!enabled || !code.includes(PART_PLACEHOLDER)) return null;
      const ordered = [...keysIn(code).found].sort();
      const sources = new Map<string, string>();
      for (const [language, messages] of compiled) {
        const part = Object.fromEntries(ordered.filter((k) => k in messages).map((k) => [k, messages[k]]));
        sources.set(language, `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});\n`);
      }
      // The messages' hash goes into the chunk's code, so the chunk's file name (and its part's) follows them.
      const hash = createHash('sha256')
        .update([...sources].map(([l, source]) => `${l}\n${source}`).join('\n'))
        .digest('base64url')
        .slice(0, 12);
      parts.set(`mb-part-${hash}`, sources);
      return { code: code.replace(new RegExp(`(["'\`])${PART_PLACEHOLDER}\\1`, 'g'), JSON.stringify(`mb-part-${hash}`)), map: null };
    },
    generateBundle(_options, bundle) {
      if (!enabled) return;
      const byChunk: Record<string, string> = {};
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const hash = [...parts.keys()].find((h) => file.code.includes(h));
        const sources = hash ? parts.get(hash) : undefined;
        if (!sources) {
          if (keysIn(file.code).found.size > 0) this.warn(`catalogue-parts: ${file.fileName} names catalogue keys but has no part`);
          continue;
        }
        // The part sits beside its chunk: assets/x-H.t.js → assets/i18n/x-H.t.<language>.js (lib/catalogue-parts.ts).
        const stem = path.posix.basename(file.fileName, '.js');
        const dir = path.posix.dirname(file.fileName);
        byChunk[file.fileName] = `${dir}/i18n/${stem}`;
        for (const [language, source] of sources) this.emitFile({ type: 'asset', fileName: `${dir}/i18n/${stem}.${language}.js`, source });
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/catalogue-parts.json',
        source: `${JSON.stringify({ languages: [...compiled.keys()], parts: byChunk }, null, 1)}\n`,
      });
    },
  };
}

/**
 * `<link rel="modulepreload">` in index.html for the app shell (src/app/boot.tsx and its static
 * imports: React, the router, React Query). The entry imports the shell dynamically so that it can
 * start the page's own code at the same time (src/main.tsx); without these links the browser would
 * discover the largest download only after the entry has arrived and run.
 */
function preloadAppShell(): Plugin {
  return {
    name: 'mentorbridge:preload-app-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const shell = chunks.find((c) => c.facadeModuleId?.endsWith('/src/app/boot.tsx'));
        const entry = chunks.find((c) => c.isEntry);
        if (!shell || !entry) throw new Error('preload-app-shell: no entry or no src/app/boot.tsx chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const already = new Set([entry.fileName, ...entry.imports]);
        const files: string[] = [];
        const visit = (fileName: string) => {
          if (already.has(fileName) || files.includes(fileName)) return;
          files.push(fileName);
          for (const dep of byFile.get(fileName)?.imports ?? []) visit(dep);
        };
        visit(shell.fileName);
        return files.map((file) => ({
          tag: 'link',
          // Marked: a server-rendered page leaves these out (decision 1111) but keeps the entry's own imports.
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, 'data-app-shell': true },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), catalogues(), catalogueParts(), lazyContractCopies(), pureContracts(), preloadAppShell(), precompress()],
  // `vite build --ssr src/entry-server.tsx --outDir dist-ssr` (decision 1070): the packages stay in
  // node_modules, the shared contracts (TypeScript) are bundled.
  ssr: { noExternal: ['@app/shared'] },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The strict CSP forbids inline scripts: keep the preload helper in a file.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: `npm run bench:web` follows each route's chunks to report its size.
    manifest: true,
    rolldownOptions: {
      // Building a zod schema has no effect beyond the schema: a page that imports a constant from a
      // shared contract module keeps the constant and drops the module's unused schemas (and with
      // them zod, when no schema is left). packages/shared configures nothing global (no z.config,
      // no registry); decision 950.
      treeshake: { manualPureFunctions: ['z', 'envelope'] },
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/, priority: 3 },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 2 },
            // What the entry shares with the app's chunks (the page table, the early reads, the language, the
            // messages' loader every chunk with messages imports, Vite's preload helper): one file, not five.
            // Chunks that wait for their messages (top-level await, decision 1100) do not import the entry
            // itself, so without this group each of these modules became a chunk of its own.
            { name: 'boot-shared', test: /(src[\\/]app[\\/]pages\.ts|src[\\/]lib[\\/](early|language|catalogue-parts)\.ts|vite[\\/]preload-helper)/, priority: 1 },
          ],
        },
      },
    },
  },
});
