import { z } from 'zod';
import { questionJsonSchema } from '../domain/questions';
import { access } from './access';
import { http, upload } from './core';
import { flag, intLike, noInput, safeString } from './fields';

/**
 * The part 1 question bank of the back office (back-office §2.13, §3 'Question P1', §7.1).
 * Questions are edited as whole qJson objects; the image is uploaded and removed by its own calls
 * and is not changed by a save. Handlers: server/domains/question-bank-admin.
 */

/** Admins and the group that edits part 1 questions (the same rule as the 'questionsP1' button). */
export const questionsP1Editors = access.anyOf(access.types('Админ'), access.group('USERS_CHANGERS_Q_P1'));

const questionId = intLike.pipe(z.number().int().min(1).max(2_000_000_000));

/**
 * A question as the editor sends and receives it. Looser than the student engine's schema in the
 * fields the server checks itself with the spec's Russian texts (type, right answers, exam number);
 * a freshly created draft has no right answer yet.
 */
export const editableQuestion = questionJsonSchema.extend({
  questionType: safeString().max(40),
  rightAnswers: z.array(safeString().max(200)).max(20),
  qEgeNum: z.number().int().min(0).max(1000).default(0),
  qLessonNum: z.number().int().min(0).max(100_000).default(0),
});
export type EditableQuestion = z.output<typeof editableQuestion>;

export const questionListRow = z.object({
  qId: z.number().int(),
  questionType: z.string(),
  qEgeNum: z.number().int(),
  qLessonNum: z.number().int(),
  qChapter: z.string(),
  isPublished: flag,
  isSelfmade: flag,
  /** Our addition: the 90+ marker (qJson is90Plus). */
  is90Plus: flag,
  hasImage: flag,
  /** The question text on one line, shortened. */
  shortText: z.string(),
});
export type QuestionListRow = z.output<typeof questionListRow>;

export const getQuestionsList = http('/app/api/train_p1/admin/get_questions_list.php', {
  input: noInput,
  output: z.object({ list: z.array(questionListRow) }),
  access: questionsP1Editors,
});

export const getQuestion = http('/app/api/train_p1/admin/get_question.php', {
  input: z.object({ questionId }),
  output: z.object({
    question: editableQuestion.extend({ qId: z.number().int() }),
    /** Chapter names in course order. */
    chapters: z.array(z.string()),
    /** Our extension: lesson numbers a question can belong to, so the dialog needs one call. */
    lessons: z.array(z.object({ number: z.number().int(), name: z.string(), chapter: z.string() })),
  }),
  access: questionsP1Editors,
});

export const saveQuestion = http('/app/api/train_p1/admin/save_question.php', {
  input: z.object({ questionId, question: editableQuestion }),
  output: z.object({}),
  access: questionsP1Editors,
});

/**
 * Creates a question. With no input (the spec's form) it stores an unpublished draft; our editor
 * sends the filled `question` with its first «Сохранить», checked like a save, so a dialog closed
 * without saving stores nothing.
 */
export const createQuestion = http('/app/api/train_p1/admin/create_question.php', {
  input: z.object({ question: editableQuestion.optional() }),
  output: z.object({ questionId: z.number().int() }),
  access: questionsP1Editors,
});

const lessonOption = z.object({ number: z.number().int(), name: z.string(), chapter: z.string() });

/** Our extension: the chapters and lessons a new question's dialog offers before anything is stored. */
export const getQuestionReference = http('/app/api/train_p1/admin/get_question_reference.php', {
  input: noInput,
  output: z.object({ chapters: z.array(z.string()), lessons: z.array(lessonOption) }),
  access: questionsP1Editors,
  extension: true,
});

/** Multipart: `file` (jpeg or png, 10 MB at most) + `data` = signed JSON {questionId}. Answers {questionImage}. */
export const uploadImageQuestion = upload('/app/api/train_p1/admin/upload_image_question.php', { access: questionsP1Editors });
export const uploadImageQuestionData = z.object({ questionId });

export const deleteImageQuestion = http('/app/api/train_p1/admin/delete_image_question.php', {
  input: z.object({ questionId }),
  output: z.object({}),
  access: questionsP1Editors,
});

/** Public address of an uploaded question image (qJson questionImage); the name is checked strictly. */
export const QUESTION_IMAGE_ROUTE = '/app/images/questions/';
export const QUESTION_IMAGE_NAME = /^(\d{1,10})-([0-9a-f]{12})\.(png|jpg)$/;
export function questionImagePath(name: string): string {
  return `${QUESTION_IMAGE_ROUTE}${name}`;
}
