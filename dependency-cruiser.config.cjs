// Import structure rules, checked by `npm run lint:structure` (dependency-cruiser).
// Type-only imports count everywhere (tsPreCompilationDeps), so a cycle or a boundary crossing
// cannot hide behind `import type`.
//
// ─── ALLOW-LISTS: the only place where a boundary may be crossed ───────────────────────────────
// Each list is temporary debt, not a design: the target is to empty them. To shrink a list, delete
// the lines that no longer occur and run `npm run lint:structure`; a line that is still needed
// fails the run with the importing file named. `node scripts/health.mjs --list` prints the
// pairs that exist today. Never add a line to make new code pass: move the shared piece to its
// home (server/questions, server/users, server/access; questions/, profile-fields/, lib/, ui/ in the renderer), or state a
// side effect as a domain event (server/events) that the other domain subscribes to, instead.

// The boundary rules below apply to production files; tests may wire several parts together.

/** server/domains/<from> may import server/domains/<to>. */
const SERVER_DOMAIN_PAIRS = [
  'assistant -> knowledge',
  'homework-p1 -> homework-p2',
  'question-bank-p2 -> textbooks',
  'school-stats -> rating',
  'train-p2 -> curator-homework',
  'video-admin -> video-media',
];

/** src/renderer/src/features/<from> may import features/<to> (shared homes above need no line). */
const FEATURE_PAIRS = [
  'assistant -> knowledge',
  'knowledge -> question-bank-admin',
  'train-p2 -> homework-p2',
  // stylesheets shared across features (health.mjs counts .ts/.tsx only, so it does not list these)
  'not-found -> auth',
  'question-bank-p2 -> question-bank-admin',
  'materials -> video',
];

/** Feature files (under src/renderer/src/features/) that still import app/. */
const FEATURE_FILES_IMPORTING_APP = [];

/**
 * Import cycles that exist today, each the list of its files. A cycle made only of these files is
 * tolerated; any cycle through one more file fails. Empty the list as the cycles are removed.
 */
const KNOWN_CYCLES = [];
// ─── end of the allow-lists ─────────────────────────────────────────────────────────────────────

const fs = require('node:fs');
const path = require('node:path');

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const foldersOf = (dir) =>
  fs.readdirSync(path.join(__dirname, dir), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/** One rule per folder: <dir>/<a>/ may reach <dir>/<b>/ only for b = a or an allowed pair. */
function folderBoundary(name, dir, pairs, why) {
  const allowed = new Map();
  for (const line of pairs) {
    const [from, to] = line.split('->').map((s) => s.trim());
    if (!from || !to) throw new Error(`${name}: bad pair "${line}"`);
    allowed.set(from, [...(allowed.get(from) ?? []), to]);
  }
  return foldersOf(dir).map((a) => ({
    name: `${name}:${a}`,
    severity: 'error',
    comment: why,
    from: { path: `^${escape(dir)}/${escape(a)}/`, pathNot: TEST_FILE },
    to: {
      path: `^${escape(dir)}/[^/]+/`,
      pathNot: `^${escape(dir)}/(${[a, ...(allowed.get(a) ?? [])].map(escape).join('|')})/`,
    },
  }));
}

const FEATURES = 'src/renderer/src/features';
const TEST_FILE = '\\.test\\.tsx?$';

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Import cycles (type imports included) make load order and refactoring fragile.',
      from: {},
      to: {
        circular: true,
        ...(KNOWN_CYCLES.length ? { viaSomeNot: KNOWN_CYCLES.flat().map((f) => `^${escape(f)}$`) } : {}),
      },
    },
    ...folderBoundary(
      'server-domain-boundary',
      'server/domains',
      SERVER_DOMAIN_PAIRS,
      'A server domain does not import another domain; shared pieces live in server/questions, server/users, server/access; side effects go through server/events.',
    ),
    ...folderBoundary(
      'feature-boundary',
      FEATURES,
      FEATURE_PAIRS,
      'A feature does not import another feature; shared pieces live in questions/, profile-fields/, lib/ or ui/.',
    ),
    {
      name: 'homes-not-to-features',
      severity: 'error',
      comment: 'The renderer\'s shared homes (the question widgets, the profile fields, lib/, ui/) serve every feature and import none.',
      from: { path: '^src/renderer/src/(questions|profile-fields|lib|ui)/', pathNot: TEST_FILE },
      to: { path: `^${FEATURES}/` },
    },
    {
      name: 'feature-not-to-app',
      severity: 'error',
      comment: 'Features never import app/: pass what they need in, or move it to lib/.',
      from: {
        path: `^${escape(FEATURES)}/`,
        pathNot: [TEST_FILE, ...FEATURE_FILES_IMPORTING_APP.map((f) => `^${escape(`${FEATURES}/${f}`)}$`)],
      },
      to: { path: '^src/renderer/src/app/' },
    },
    {
      name: 'shared-stays-shared',
      severity: 'error',
      comment: 'src/shared is used by server, renderer and main: it imports none of them.',
      from: { path: '^src/shared/', pathNot: TEST_FILE },
      to: { path: '^(server|src/renderer|src/main|src/preload)/' },
    },
    {
      name: 'renderer-not-to-server',
      severity: 'error',
      comment: 'The renderer talks to the server through src/shared/contract only.',
      from: { path: '^src/renderer/', pathNot: TEST_FILE },
      to: { path: '^(server|src/main)/' },
    },
    {
      name: 'server-not-to-renderer',
      severity: 'error',
      comment: 'The server never imports renderer code.',
      from: { path: '^server/', pathNot: TEST_FILE },
      to: { path: '^src/(renderer|main|preload)/' },
    },
  ],
  options: {
    // Type-only imports are real edges for cycles and boundaries.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.web.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|out|dist)/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
