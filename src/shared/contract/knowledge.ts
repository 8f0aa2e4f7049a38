import { z } from 'zod';
import { access } from './access';
import { download, live } from './core';
import { flag, intLike, noInput, safeString } from './fields';
import { homeworkQuestionP1 } from './homework-p1';
import { isOneOf } from '../guards';
import { PACE_STATES } from '../domain/pace';

/**
 * Knowledge base and knowledge map (back-office §2.15, §3 'Chunk', §5, §7.2 knowledge calls,
 * §7.3 export; learning-area 'Knowledge map', §7 'Knowledge map (message channel)', §9).
 * Admins edit a working table; `publish_chunks` copies it to the published table that students,
 * the knowledge map and the assistant read. Handlers: server/domains/knowledge.
 */

/** The 'theoryChunks' button's rule (Админ, USERS_CHANGERS_TERMINS): a hidden button is a closed door. */
export const chunkEditors = access.icon('theoryChunks');
/** The knowledge map hangs off the road (learning-area: link 'Карта знаний' on the roadmap). */
const mapReaders = access.icon('roadmap');

const id = intLike.pipe(z.number().int().min(1, 'номер от 1').max(2_000_000_000, 'слишком большой номер'));

/** Theory chunks feed the theory bot and the map; organisational ones feed the org bot (our addition). */
export const CHUNK_KINDS = ['theory', 'org'] as const;
export type ChunkKind = (typeof CHUNK_KINDS)[number];

export const CHUNK_FILTERS = ['all', '90plus', '90minus'] as const;
export type ChunkFilter = (typeof CHUNK_FILTERS)[number];
export const CHUNK_PAGE_SIZES = [10, 20, 50, 100] as const;

export const CHUNK_NAME_MAX = 300;
export const CHUNK_TEXT_MAX = 50_000;

/** Back-office §3 'Chunk', plus its kind. */
export const chunkSchema = z.object({
  chunkId: z.number().int(),
  name: z.string(),
  lessonNum: z.number().int(),
  '90plus': flag,
  answerText: z.string(),
  answerTextClean: z.string(),
  numWords: z.number().int(),
  kind: z.enum(CHUNK_KINDS),
});
export type Chunk = z.infer<typeof chunkSchema>;

export const getChunks = live('/bot_consultant/get_chunks', {
  input: z.object({
    /** Always empty in the spec's client; a number returns that one chunk (our use: the card reload). */
    chunkId: z.union([z.literal(''), id]).default(''),
    page: intLike.pipe(z.number().int().min(1, 'страница от 1').max(1_000_000, 'слишком большая страница')).default(1),
    limit: intLike.pipe(z.number().int().refine((n) => isOneOf(CHUNK_PAGE_SIZES, n), 'ожидалось 10, 20, 50 или 100')).default(10),
    filter90Plus: z.enum(CHUNK_FILTERS).default('all'),
  }),
  output: z.object({ chunks: z.array(chunkSchema), total: z.number().int() }),
  access: chunkEditors,
});

export const editChunk = live('/bot_consultant/edit_chunk', {
  input: z.object({
    chunkId: id,
    /** Changed fields only. The server cleans the markdown itself; a sent answerTextClean is ignored. */
    chunk: z
      .object({
        name: safeString().trim().max(CHUNK_NAME_MAX, `не длиннее ${CHUNK_NAME_MAX} символов`),
        lessonNum: intLike.pipe(z.number().int().min(0, 'номер урока от 0').max(100_000, 'слишком большой номер урока')),
        '90plus': flag,
        answerText: safeString().max(CHUNK_TEXT_MAX, `не длиннее ${CHUNK_TEXT_MAX} символов`),
        answerTextClean: safeString().max(CHUNK_TEXT_MAX * 2),
        kind: z.enum(CHUNK_KINDS),
      })
      .partial(),
  }),
  output: z.object({ chunk: chunkSchema }),
  access: chunkEditors,
});

export const deleteChunk = live('/bot_consultant/delete_chunk', {
  input: z.object({ chunkId: id }),
  output: z.object({}),
  access: chunkEditors,
});

export const createChunk = live('/bot_consultant/create_chunk', {
  input: noInput,
  output: z.object({ chunk: chunkSchema, total: z.number().int() }),
  access: chunkEditors,
});

export const markdownToClean = live('/bot_consultant/markdown_to_clean', {
  input: z.object({ markdown: safeString().max(CHUNK_TEXT_MAX, `не длиннее ${CHUNK_TEXT_MAX} символов`) }),
  output: z.object({ cleanText: z.string(), numWords: z.number().int() }),
  access: chunkEditors,
});

export const publishChunks = live('/bot_consultant/publish_chunks', {
  input: noInput,
  output: z.object({ published: z.number().int() }),
  access: chunkEditors,
});

/** A question of a chunk as its card lists it. */
export const chunkQuestionRow = z.object({ qId: z.number().int(), shortText: z.string(), questionType: z.string(), isPublished: flag });

export const setTheoryQuestion = live('/knowledge_grid/set_theory_question', {
  input: z.discriminatedUnion('method', [
    /** A new part 1 question in the chunk's lesson; with questionId (our extension) an existing one is linked instead. */
    z.object({ method: z.literal('create'), chunkId: id, questionId: id.optional() }),
    z.object({ method: z.literal('update'), questionId: id, qQuestion: safeString().min(2, 'не заполнено').max(100_000, 'слишком длинный вопрос') }),
    /** Unlinks from the chunk (our chunkId); a draft created for it and used nowhere else is removed. */
    z.object({ method: z.literal('delete'), questionId: id, chunkId: id.optional() }),
  ]),
  output: z.object({ questionId: z.number().int() }),
  access: chunkEditors,
});

export const getTheoryQuestion = live('/knowledge_grid/get_question', {
  input: z.object({ questionId: id }),
  output: z.object({ question: z.object({ qQuestion: z.string() }) }),
  access: chunkEditors,
});

export const getQuestionsForChunk = live('/knowledge_grid/get_questions_for_chunk', {
  input: z.object({ chunkId: id }),
  output: z.object({ questions: z.array(chunkQuestionRow) }),
  access: chunkEditors,
});

/** POST with a signed JSON body (filter90Plus optional); answers the spreadsheet as file.xlsx. */
export const exportChunksXlsx = download('/go/bot_consultant/export_chunks_xlsx', { access: chunkEditors });
export const exportChunksData = z.object({ filter90Plus: z.enum(CHUNK_FILTERS).default('all') });

// ——— The student's knowledge map ———

export const MAP_TYPES = ['90-', '90+'] as const;
export type MapType = (typeof MAP_TYPES)[number];

/**
 * Our addition to a cell: `pace` — the cell judged against what was expected of the student by
 * now (src/shared/domain/pace.ts): «впереди» until its lesson is due, then «в порядке»,
 * «подтянуть» or «отстаёт». The map colours cells by it; knowLevel keeps the spec's meaning.
 */
export const knowledgeGridItem = z.object({ id: z.number().int(), chapter: z.string(), knowLevel: z.number().int(), pace: z.enum(PACE_STATES) });

export const getKnowledgeGrid = live('/knowledge_grid/get_knowledge_grid', {
  input: z.object({ mapType: z.enum(MAP_TYPES) }),
  /** Cells in course order (chapter, lesson, chunk). */
  output: z.object({ knowledgeGrid: z.array(knowledgeGridItem) }),
  access: mapReaders,
});

export const getKnowledgeChunk = live('/knowledge_grid/get_knowledge_chunk', {
  input: z.object({ chunkId: id }),
  output: z.object({
    name: z.string(),
    chapter: z.string(),
    lessonNum: z.number().int(),
    lessonName: z.string(),
    knowLevel: z.number().int(),
    /** Our addition: how many questions the test has (0 → no test). */
    qCount: z.number().int(),
    /** Our addition: the cell judged against what was expected by now (as on the map). */
    pace: z.enum(PACE_STATES),
    /** Our addition: the Moscow day the cell's lesson becomes due ('дд.мм.гггг'), '' when it already is or has no date. */
    expectedOn: z.string(),
  }),
  access: mapReaders,
});

export const getTheoryChunk = live('/knowledge_grid/get_theory_chunk', {
  input: z.object({ chunkId: id }),
  /** Any published chunk (the assistant's citations open organisational ones too). */
  output: z.object({ theory: z.object({ markdownText: z.string(), name: z.string() }) }),
  access: access.signedIn,
});

export const TEST_STATUSES = ['Выполняется', 'Готово', 'Нет'] as const;

export const knowledgeTestQuestion = z.object({
  qId: z.number().int(),
  /** '' while the test runs (nothing tells whether an answer was right before the end). */
  isRightAnswer: z.enum(['0', '1', '']),
  userAnswer: z.string(),
  /** Our addition: the question itself, as homework part 1 shows it (answers only in the result). */
  question: homeworkQuestionP1,
});

export const getKnowledgeQuestions = live('/knowledge_grid/get_questions', {
  input: z.object({ chunkId: id, startTest: flag.default('0') }),
  output: z.object({ testStatus: z.enum(TEST_STATUSES), qNums: z.number().int(), questions: z.array(knowledgeTestQuestion) }),
  access: mapReaders,
});

export const switchKnowledgeQuestion = live('/knowledge_grid/switch_question', {
  input: z.object({
    chunkId: id,
    qId: id,
    userAnswer: safeString().max(60, 'ответ не длиннее 60 символов'),
    finishTest: flag.default('0'),
    /** The question the student goes to (kept for the wire; the server does not need it). */
    next: z.union([intLike, z.literal('')]).optional(),
  }),
  output: z.object({}),
  access: mapReaders,
});

export const KNOWLEDGE_TEXTS = {
  noChunk: 'Чанк не найден',
  noQuestion: 'Вопрос не найден',
  notRunning: 'Тест не запущен, начните его заново',
  notInTest: 'Этого вопроса нет в тесте',
  noQuestions: 'У этой клетки пока нет вопросов',
  badQuestionJson: 'Вопрос должен быть объектом JSON',
  published: (count: number) => `База знаний обновлена: опубликовано чанков ${count}`,
} as const;
