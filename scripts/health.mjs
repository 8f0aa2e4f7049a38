#!/usr/bin/env node
// Structure figures of the project, printed beside their targets. Run from the project root:
//   node scripts/health.mjs            (add --list to see the pairs, cycles and files)
// It reads the code only; it runs nothing of the project.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve, relative, dirname } from 'node:path';

const list = process.argv.includes('--list');
const root = process.cwd();
const walk = d => (existsSync(d) ? readdirSync(d) : []).flatMap(n => { const p = join(d, n); return statSync(p).isDirectory() ? (n === 'node_modules' ? [] : walk(p)) : [p]; });
const isProd = f => /\.tsx?$/.test(f) && !/\.test\.|\.fixture\.|\.d\.ts$/.test(f);
const files = walk('src').concat(walk('server')).filter(isProd);
const text = new Map(files.map(f => [f, readFileSync(f, 'utf8')]));

// imports, resolved to files of the tree
const resolveImport = (from, spec) => {
  let base;
  if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else if (spec.startsWith('@shared/')) base = resolve('src/shared', spec.slice(8));
  else return null;
  for (const c of [base, base + '.ts', base + '.tsx', join(base, 'index.ts'), join(base, 'index.tsx')]) {
    const r = relative(root, c); if (text.has(r)) return r;
  }
  return null;
};
const edges = new Map();
for (const [f, t] of text) {
  const out = new Set();
  for (const m of t.matchAll(/(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/g)) {
    const r = resolveImport(f, m[1]); if (r) out.add(r);
  }
  edges.set(f, out);
}

// cycles: strongly connected components with more than one file (Tarjan)
let index = 0; const idx = new Map(), low = new Map(), stack = [], on = new Set(), sccs = [];
const strong = v => {
  idx.set(v, index); low.set(v, index); index++; stack.push(v); on.add(v);
  for (const w of edges.get(v) || []) {
    if (!idx.has(w)) { strong(w); low.set(v, Math.min(low.get(v), low.get(w))); }
    else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) { const c = []; let w; do { w = stack.pop(); on.delete(w); c.push(w); } while (w !== v); if (c.length > 1) sccs.push(c); }
};
for (const f of files) if (!idx.has(f)) strong(f);

// domain -> domain pairs
const pairs = (dir) => {
  const s = new Set();
  for (const [f, out] of edges) {
    if (!f.startsWith(dir + '/')) continue;
    const from = f.slice(dir.length + 1).split('/')[0];
    for (const t of out) if (t.startsWith(dir + '/')) { const to = t.slice(dir.length + 1).split('/')[0]; if (to !== from && !/\.tsx?$/.test(from)) s.add(from + ' -> ' + to); }
  }
  return [...s].sort();
};
const serverPairs = pairs('server/domains'), featurePairs = pairs('src/renderer/src/features');
const toApp = [...edges].filter(([f, out]) => f.startsWith('src/renderer/src/features/') && [...out].some(t => t.startsWith('src/renderer/src/app/'))).map(([f]) => f);

// casts with the project's own TypeScript parser
let casts = null;
try {
  const ts = createRequire(join(root, 'package.json'))('typescript');
  casts = 0;
  for (const [f, t] of text) {
    const sf = ts.createSourceFile(f, t, ts.ScriptTarget.Latest, false, f.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = n => { if (ts.isAsExpression(n) && !(ts.isTypeReferenceNode(n.type) && ts.isIdentifier(n.type.typeName) && n.type.typeName.escapedText === 'const')) casts++; ts.forEachChild(n, visit); };
    visit(sf);
  }
} catch { /* no typescript installed yet */ }

const doubleCasts = [...text].reduce((n, [, t]) => n + (t.match(/\bas unknown as\b/g) || []).length, 0);
const inlineKeys = [...text].filter(([f]) => f.endsWith('.tsx')).reduce((n, [, t]) => n + (t.match(/queryKey:\s*\[/g) || []).length, 0);
const messageOf = [...text].filter(([, t]) => /const messageOf\s*=|function messageOf\b/.test(t)).map(([f]) => f);
const webStorage = [...text].filter(([f, t]) => f.startsWith('src/renderer/') && /\b(localStorage|sessionStorage)\b/.test(t) && !/migrat/i.test(f)).map(([f]) => f);

const row = (what, now, target) => console.log(`  ${what.padEnd(44)} ${String(now).padStart(6)}   target ${target}`);
console.log('Structure figures (node scripts/health.mjs --list for details):');
row('import cycles (type imports count too)', sccs.length, '0');
row('server domain -> domain pairs', serverPairs.length, '<= 8');
row('feature -> feature pairs', featurePairs.length, '<= 10');
row('feature files importing app/', toApp.length, '0');
row('`as` casts in production code', casts ?? '?', '<= 150');
row('`as unknown as` in production code', doubleCasts, '<= 5');
row('inline queryKey arrays in .tsx', inlineKeys, '0');
row('messageOf definitions', messageOf.length, '<= 1');
if (list) {
  console.log('\ncycles:'); for (const c of sccs) console.log('  ' + c.join(' <-> '));
  console.log('\nserver pairs:\n  ' + serverPairs.join('\n  '));
  console.log('\nfeature pairs:\n  ' + featurePairs.join('\n  '));
  console.log('\nfeature files importing app/:\n  ' + toApp.join('\n  '));
  console.log('\nmessageOf:\n  ' + messageOf.join('\n  '));
  console.log('\nweb storage:\n  ' + webStorage.join('\n  '));
}
