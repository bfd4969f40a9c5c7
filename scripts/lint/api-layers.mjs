// ESLint rule `mentorbridge-api/layers`: the API's imports point down (docs/decisions/800-api-layers.md).
//
// Inside apps/api/src every file belongs to a layer, lowest first:
//   config (config.ts) → db (db/**) → lib (lib/**) → modules (modules/<name>/**) → demo (demo/**)
//   → app (app.ts, bootstrap.ts, cli.ts, server.ts, modules/index.ts, ops/**)
// and the rule reports
//   1. an import from a lower layer into a higher one (db importing lib, lib importing a module…);
//   2. an import into another module other than through its public entry, modules/<name>/index.ts;
//   3. an import of a module that does not sit below the importer in the declared module order (so
//      modules never import each other both ways: no cycles);
//   4. a module missing from that order.
// Test code (`*.test.ts`, `*test-helper(s).ts`, `*.fixtures.ts`) may reach into other modules' files and order (2, 3):
// it is not part of the running program. It still keeps the layers (1).
import path from 'node:path';

const LAYERS = ['config', 'db', 'lib', 'modules', 'demo', 'app'];
const APP_FILES = new Set(['app.ts', 'bootstrap.ts', 'cli.ts', 'server.ts', 'modules/index.ts']);
const TEST_FILE = /(\.test\.ts|test-helpers?\.ts|\.fixtures\.ts)$/;

/** The layer and module of a path relative to the API's src folder, or null outside every layer. */
export function placeOf(rel) {
  const p = rel.split(path.sep).join('/');
  if (p === 'config.ts') return { layer: 'config' };
  if (APP_FILES.has(p) || p.startsWith('ops/')) return { layer: 'app' };
  const [top, name, ...rest] = p.split('/');
  if (top === 'db' || top === 'lib' || top === 'demo') return { layer: top };
  if (top === 'modules' && name && rest.length > 0) return { layer: 'modules', module: name, entry: rest.join('/') === 'index.ts' };
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'imports inside apps/api/src point down the layers and into modules only through their public entry' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          modules: { type: 'array', items: { type: 'string' } },
        },
        required: ['root', 'modules'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward: '{{from}} ({{fromLayer}} layer) must not import {{to}} ({{toLayer}} layer, above it): move the shared part down or react to an event (decision 800)',
      entry: 'import the {{module}} module through its public entry modules/{{module}}/index.ts, not {{to}} (decision 800)',
      order: 'module {{from}} must not import module {{to}}: {{to}} does not sit below {{from}} in the module order (eslint.config.js). Move the shared part down or turn the reaction into an event (decision 800)',
      unlisted: 'module {{module}} is not in the module order of the api-layers rule (eslint.config.js): add it where it belongs, above every module it imports',
    },
  },
  create(context) {
    const { root: rootOption, modules } = context.options[0];
    const root = path.resolve(context.cwd ?? process.cwd(), rootOption);
    const filename = context.filename;
    const relFrom = path.relative(root, filename);
    if (relFrom.startsWith('..') || path.isAbsolute(relFrom)) return {};
    const from = placeOf(relFrom);
    if (!from) return {};
    const isTest = TEST_FILE.test(filename);
    const rank = (m) => modules.indexOf(m);

    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(filename), source.value);
      const relTo = path.relative(root, target);
      if (relTo.startsWith('..') || path.isAbsolute(relTo)) return;
      const to = placeOf(relTo);
      if (!to) return;
      const show = (rel) => rel.split(path.sep).join('/');
      if (LAYERS.indexOf(to.layer) > LAYERS.indexOf(from.layer)) {
        context.report({ node: source, messageId: 'upward', data: { from: show(relFrom), fromLayer: from.layer, to: show(relTo), toLayer: to.layer } });
        return;
      }
      if (to.layer !== 'modules' || to.module === from.module || isTest) return;
      if (!to.entry) {
        context.report({ node: source, messageId: 'entry', data: { module: to.module, to: show(relTo) } });
        return;
      }
      if (from.layer !== 'modules') return;
      if (rank(to.module) < 0 || rank(from.module) < 0) return; // reported on the module's own files
      if (rank(to.module) >= rank(from.module)) {
        context.report({ node: source, messageId: 'order', data: { from: from.module, to: to.module } });
      }
    }

    return {
      Program(node) {
        if (from.layer === 'modules' && !isTest && rank(from.module) < 0) {
          context.report({ node, messageId: 'unlisted', data: { module: from.module } });
        }
      },
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
    };
  },
};

export default { meta: { name: 'mentorbridge-api' }, rules: { layers: rule } };
