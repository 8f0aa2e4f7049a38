// Import structure rules, checked by `npm run lint:structure` (dependency-cruiser).
// Type-only imports count everywhere (tsPreCompilationDeps), so a cycle or a boundary crossing
// cannot hide behind `import type`.
//
// ─── ALLOW-LISTS: the only place where a boundary may be crossed ───────────────────────────────
// Each list is temporary debt, not a design: the target is to empty them. To shrink a list, delete
// the lines that no longer occur and run `npm run lint:structure`; a line that is still needed
// fails the run with the importing file named. `node ../shared/tools/health.mjs --list` prints the
// pairs that exist today. Never add a line to make new code pass: move the shared piece to its
// home (server/questions, server/users, server/access; features/questions, lib/, ui/) instead.

// The boundary rules below apply to production files; tests may wire several parts together.

/** server/domains/<from> may import server/domains/<to>. */
const SERVER_DOMAIN_PAIRS = [
  'account -> rating',
  'admin -> homework-p1',
  'assistant -> knowledge',
  'course -> admin',
  'credits -> course',
  'credits -> homework-p1',
  'credits -> pet',
  'crm -> rating',
  'curator-homework -> rating',
  'decide-first -> account',
  'decide-first -> course',
  'decide-first -> homework-p1',
  'decide-first -> rating',
  'finances -> account',
  'homework-p1 -> course',
  'homework-p1 -> homework-p2',
  'homework-p1 -> pet',
  'homework-p2 -> course',
  'homework-p2 -> homework-p1',
  'homework-p2 -> pet',
  'homework-p2 -> rating',
  'knowledge -> homework-p1',
  'knowledge -> question-bank-admin',
  'knowledge -> video',
  'question-bank-admin -> homework-p1',
  'question-bank-p2 -> question-bank-admin',
  'question-bank-p2 -> textbooks',
  'rating -> admin',
  'school-stats -> rating',
  'textbooks -> video',
  'tickets -> rating',
  'train-p1 -> course',
  'train-p1 -> homework-p1',
  'train-p1 -> rating',
  'train-p2 -> course',
  'train-p2 -> curator-homework',
  'train-p2 -> rating',
  'train-signs -> course',
  'train-signs -> rating',
  'train-verbal -> course',
  'video -> course',
  'video-admin -> video-media',
  'video-media -> course',
];

/** src/renderer/src/features/<from> may import features/<to>. */
const FEATURE_PAIRS = [
  'assistant -> knowledge',
  'back-office -> curator-homework',
  'back-office -> sections',
  'credits -> homework-p1',
  'credits -> preferences',
  'decide-first -> homework-p1',
  'decide-first -> preferences',
  'files -> video-admin',
  'homework-p1 -> preferences',
  'homework-p1 -> questions',
  'homework-p2 -> questions',
  'knowledge -> homework-p1',
  'knowledge -> preferences',
  'knowledge -> question-bank-admin',
  'knowledge -> questions',
  'mailings -> video-admin',
  'main-area -> sections',
  'materials -> video',
  'question-bank-admin -> homework-p1',
  'questions -> homework-p1',
  'questions -> preferences',
  'train-p1 -> homework-p1',
  'train-p1 -> preferences',
  'train-p1 -> questions',
  'train-p2 -> homework-p2',
  'video-admin -> video',
  // stylesheets shared across features (health.mjs counts .ts/.tsx only, so it does not list these)
  'homework-p2 -> homework-p1',
  'not-found -> auth',
  'question-bank-p2 -> question-bank-admin',
];

/** Feature files (under src/renderer/src/features/) that still import app/. */
const FEATURE_FILES_IMPORTING_APP = [
  'account/AccountPage.tsx',
  'account/MyDataCard.tsx',
  'assistant/AssistantOverlay.tsx',
  'back-office/CuratorEntry.tsx',
  'back-office/CuratorLayout.tsx',
  'back-office/QuestionsLayout.tsx',
  'course/LessonCardView.tsx',
  'course/LessonPopup.tsx',
  'course/RoadNode.tsx',
  'course/RoadmapPage.tsx',
  'credits/CreditAutoPage.tsx',
  'credits/VerbalBookingPage.tsx',
  'curator-homework/offline/use-offline-checks.ts',
  'finances/AddCardPopup.tsx',
  'finances/TopUpPopup.tsx',
  'homework-p1/HomeworkP1Page.tsx',
  'homework-p2/HomeworkP2Page.tsx',
  'main-area/MainAreaEntry.tsx',
  'not-found/NotFoundPage.tsx',
  'placeholder/ScreenPlaceholder.tsx',
  'preferences/IconSettings.tsx',
  'question-bank-admin/QuestionsP1Page.tsx',
  'question-bank-p2/CreditQuestionsPage.tsx',
  'question-bank-p2/QuestionsP2Page.tsx',
  'sections/SectionEntry.tsx',
  'sections/SideNav.tsx',
  'video-chat/IncomingCallOverlay.tsx',
];

/**
 * Import cycles that exist today, each the list of its files. A cycle made only of these files is
 * tolerated; any cycle through one more file fails. Empty the list as the cycles are removed.
 */
const KNOWN_CYCLES = [
  [
    'src/renderer/src/features/credits/CreditStartView.tsx',
    'src/renderer/src/features/credits/CreditResultView.tsx',
    'src/renderer/src/features/credits/CreditAutoPage.tsx',
  ],
  [
    'server/domains/video-chat/matchmaking.ts',
    'server/contract/http-router.ts',
    'server/live/sockets.ts',
    'server/domains/video-chat/signalling.ts',
    'server/live/publisher.ts',
    'server/services.ts',
    'server/contract/pipeline.ts',
    'server/live/hub.ts',
    'server/contract/implement.ts',
  ],
  ['server/domains/video-admin/media-storage.ts', 'server/domains/video-admin/video-source.ts'],
];
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
      'A server domain does not import another domain; shared pieces live in server/questions, server/users, server/access.',
    ),
    ...folderBoundary(
      'feature-boundary',
      FEATURES,
      FEATURE_PAIRS,
      'A feature does not import another feature; shared pieces live in features/questions, lib/ or ui/.',
    ),
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
