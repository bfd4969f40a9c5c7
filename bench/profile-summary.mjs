// Summarise a V8 .cpuprofile (node --cpu-prof): self time by function and by package/file.
//   node bench/profile-summary.mjs <file.cpuprofile> [top=30]
import { readFileSync } from 'node:fs';

const file = process.argv[2];
const top = Number(process.argv[3] ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const where = (url) => {
  if (!url) return '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node:internal';
  return url.replace(/^.*\/apps\//, 'apps/');
};
const fn = new Map();
const pkg = new Map();
for (const [id, us] of self) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const name = `${cf.functionName || '(anonymous)'} ${where(cf.url)}:${cf.lineNumber + 1}`;
  fn.set(name, (fn.get(name) ?? 0) + us);
  const p = cf.url ? where(cf.url) : cf.functionName || '(native)';
  pkg.set(p, (pkg.get(p) ?? 0) + us);
}
const show = (title, map) => {
  console.log(`\n${title} (of ${(total / 1e6).toFixed(1)} s sampled)`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
};
show('self time by package / file', pkg);
show('self time by function', fn);
