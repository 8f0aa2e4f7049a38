import { z } from 'zod';
import { access } from './access';
import { http, live, push, upload } from './core';
import { flag, intLike, noInput, safeString } from './fields';
import { p2CriterionView } from './homework-p2';

/**
 * The part 2 question bank (back-office §2.13, §3 'Question P2', §4, §7.2 /questions2/…, §7.3
 * uploads) with OCR of explanation images (server/providers/ocr.ts), and the oral-credit question
 * bank (§3 'Credit question', /questions_zach/…) that the oral trainer and the video chat draw
 * from. Guarded by the icon rules of the 'questionsP2' and 'questionsZachVerbal' buttons.
 * Handlers: server/domains/question-bank-p2.
 */

export const questionsP2Editors = access.icon('questionsP2');
export const creditQuestionEditors = access.icon('questionsZachVerbal');

export const P2_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

const questionId = intLike.pipe(z.number().int().min(1).max(2_000_000_000));

/** The fields an editor sends; the server applies the rules of src/shared/domain/question-bank-p2.ts. */
export const p2QuestionFields = z.object({
  qQuestion: safeString().max(10_000, 'не длиннее 10000 символов'),
  qTaskNumber: intLike.pipe(z.number().int().min(-1000).max(1000)),
  qLessonNumber: intLike.pipe(z.number().int().min(-1000).max(100_000)),
  qChapter: safeString().max(300, 'не длиннее 300 символов'),
  /** Our addition: the task's maximum score (questions_p2.max_points). */
  qMaxBall: intLike.pipe(z.number().int().min(-1000).max(1000)),
  /** Our addition: what earns each point (questions_p2.criteria). */
  qCriteria: safeString().max(20_000, 'не длиннее 20000 символов'),
  qMarkDownPoyasn: safeString().max(50_000, 'не длиннее 50000 символов'),
  qPublic: flag,
  /** Our addition: the 90+ marker. */
  is90Plus: flag,
});

export const p2Question = p2QuestionFields.extend({
  qId: z.number().int(),
  /** Image addresses ('' when none): /questions2/{qId}.png and /questions2/{qId}_poyasn.png with a version query. */
  qQuestionImage: z.string(),
  qPoyasnImage: z.string(),
  /** Mandatory in at least one homework that uses it ('1'/'0'); such a question cannot be deleted. */
  qObyazDz: flag,
  /** Our addition: homework numbers that use the question. */
  usedInHomeworks: z.array(z.number().int()),
  /** Our addition: why the last OCR of the explanation failed ('' when it did not). */
  digitizeError: z.string(),
});
export type P2Question = z.output<typeof p2Question>;

export const p2ListRow = z.object({
  qId: z.number().int(),
  qTaskNumber: z.number().int(),
  qLessonNumber: z.number().int(),
  qChapter: z.string(),
  qMaxBall: z.number().int(),
  qPublic: flag,
  is90Plus: flag,
  hasQuestionImage: flag,
  hasPoyasnImage: flag,
  hasMarkdown: flag,
  hasCriteria: flag,
  shortText: z.string(),
});
export type P2ListRow = z.output<typeof p2ListRow>;

export const getQuestionsList = live('/questions2/get_questions_list', {
  input: noInput,
  output: z.object({
    questions: z.array(p2ListRow),
    /** Why explanations cannot be digitised on this server (no tesseract, no Russian); '' when they can. */
    ocrProblem: z.string(),
  }),
  access: questionsP2Editors,
});

export const getChapters = live('/questions2/get_chapters', {
  input: noInput,
  output: z.object({
    chapters: z.array(z.string()),
    /** Our addition: lessons with their chapters, so the dialog offers the lesson's own chapter. */
    lessons: z.array(z.object({ number: z.number().int(), name: z.string(), chapter: z.string() })),
  }),
  access: questionsP2Editors,
});

export const getQuestion = live('/questions2/get_question', {
  input: z.object({ questionId }),
  output: z.object({ question: p2Question }),
  access: questionsP2Editors,
});

export const editQuestion = live('/questions2/edit_question', {
  input: z.object({ question: p2QuestionFields.extend({ qId: questionId }) }),
  output: z.object({}),
  access: questionsP2Editors,
});

export const deleteQuestion = live('/questions2/delete_question', {
  input: z.object({ questionId }),
  output: z.object({}),
  access: questionsP2Editors,
});

export const createQuestion = live('/questions2/create_question', {
  input: z.object({ question: p2QuestionFields }),
  output: z.object({ questionId: z.number().int() }),
  access: questionsP2Editors,
});

/** Queues the OCR of one question's explanation image; the result comes as update_markdown_poyasn_p2. */
export const digitizePoyasnP2 = live('/questions2/digitize_poyasn_p2', {
  input: z.object({ questionId }),
  output: z.object({}),
  access: questionsP2Editors,
});

export const updateMarkdownPoyasnP2 = push('/questions2/update_markdown_poyasn_p2', {
  body: z.object({
    questionId: z.number().int(),
    markdown: z.string(),
    /** Our addition: why the image could not be read ('' on success; then markdown is the new text). */
    error: z.string(),
  }),
});

/** Queues the OCR of up to `toDigitize` questions that have an explanation image and no explanation text. */
export const digitizeManyPoyasnP2 = live('/questions2/digitize_many_poyasn_p2', {
  input: z.object({ toDigitize: intLike.pipe(z.number().int().min(1, 'Укажите, сколько вопросов оцифровать').max(100_000)) }),
  output: z.object({ queued: z.number().int() }),
  access: questionsP2Editors,
});

/** Asks for the bulk run's progress: the server pushes update_info_many_poyasn_p2 at once. */
export const triggerUpdateInfoManyPoyasnP2 = live('/questions2/trigger_update_info_many_poyasn_p2', {
  input: noInput,
  output: z.object({}),
  access: questionsP2Editors,
});

export const updateInfoManyPoyasnP2 = push('/questions2/update_info_many_poyasn_p2', {
  body: z.object({
    totalDigitized: z.number().int(),
    toDigitize: z.number().int(),
    digitizedQuestions: z.array(z.number().int()),
    /** Our additions: whether the run is over, and a Russian status line (errors included). */
    isFinished: flag,
    status: z.string(),
  }),
});

/** Multipart: `file` (png, jpeg or webp, 10 MB at most, checked by content) + `data` = signed JSON {questionId}. */
export const uploadQuestionImage = upload('/go/questions2/upload_question_image', { access: questionsP2Editors });
export const uploadPoyasnImage = upload('/go/questions2/upload_poyasn_image', { access: questionsP2Editors });
export const uploadP2ImageData = z.object({ questionId });

/** Public image addresses: published questions' images are readable by students. */
export const P2_IMAGE_ROUTE = '/questions2/';
export const P2_IMAGE_NAME = /^(\d{1,10})(_poyasn)?\.png$/;
export const p2ImagePath = (qId: number, kind: 'question' | 'poyasn', version: string) => `${P2_IMAGE_ROUTE}${qId}${kind === 'poyasn' ? '_poyasn' : ''}.png?v=${version}`;

/* ------------------------------------------------------------------------------------------- */
/* ФИПИ criteria of part 2 tasks: the school's table curators check by.                        */

export const taskCriteria = z.object({ taskNumber: z.number().int(), criteria: z.array(p2CriterionView) });
export type TaskCriteria = z.output<typeof taskCriteria>;

/** Every part 2 task with its criteria (К1, К2… in order). */
export const getTaskCriteria = http('/app/api/questions2/get_task_criteria.php', {
  input: noInput,
  output: z.object({ tasks: z.array(taskCriteria) }),
  access: questionsP2Editors,
  extension: true,
});

/** One criterion as an editor sends it; its number is its place in the list (К1 first). */
export const criterionFields = z.object({
  maxBall: intLike.pipe(z.number().int().min(0, 'Максимум критерия — от 0').max(10, 'Максимум критерия — до 10')),
  title: safeString().trim().min(1, 'Введите название критерия').max(300, 'не длиннее 300 символов'),
  description: safeString().max(5_000, 'не длиннее 5000 символов'),
  /** К-number whose 0 forces this criterion to 0 (ФИПИ rule); null = none. */
  zeroIf: z.union([intLike.pipe(z.number().int().min(1).max(9)), z.null()]).default(null),
});

/** Replaces the criteria of one task (an empty list: the task is scored as a whole). */
export const setTaskCriteria = http('/app/api/questions2/set_task_criteria.php', {
  input: z.object({
    taskNumber: intLike.pipe(z.number().int().min(17, 'Во второй части ЕГЭ задания с 17 по 25').max(25, 'Во второй части ЕГЭ задания с 17 по 25')),
    criteria: z.array(criterionFields).max(9, 'не больше 9 критериев'),
  }),
  output: z.object({}),
  access: questionsP2Editors,
  extension: true,
});

/* ------------------------------------------------------------------------------------------- */
/* Oral-credit questions (/questions_zach/…)                                                    */

export const creditQuestionFields = z.object({
  question: safeString().max(5_000, 'не длиннее 5000 символов'),
  answer: safeString().max(20_000, 'не длиннее 20000 символов'),
  zachetNum: intLike.pipe(z.number().int().min(-1000).max(100_000)),
  lessonNum: intLike.pipe(z.number().int().min(-1000).max(100_000)),
  public: flag,
  plus90: flag,
});

export const creditQuestion = creditQuestionFields.extend({
  id: z.number().int(),
  /** Our addition: answers in the oral trainer (such a question is unpublished, not deleted). */
  trainerAnswers: z.number().int(),
});
export type CreditQuestion = z.output<typeof creditQuestion>;

export const getCreditQuestionsList = live('/questions_zach/get_questions_list', {
  input: noInput,
  output: z.object({
    questions: z.array(creditQuestion),
    /** Our addition: lessons a question can belong to. */
    lessons: z.array(z.object({ number: z.number().int(), name: z.string() })),
  }),
  access: creditQuestionEditors,
});

export const getCreditQuestion = live('/questions_zach/get_question', {
  input: z.object({ questionId }),
  output: z.object({ question: creditQuestion }),
  access: creditQuestionEditors,
});

export const setCreditQuestion = live('/questions_zach/set_question', {
  input: z.discriminatedUnion('action', [
    z.object({ action: z.literal('create'), question: creditQuestionFields }),
    z.object({ action: z.literal('update'), id: questionId, question: creditQuestionFields }),
    z.object({ action: z.literal('delete'), id: questionId }),
  ]),
  output: z.object({ id: z.number().int() }),
  access: creditQuestionEditors,
});
