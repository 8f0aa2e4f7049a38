import { z } from 'zod';
import { PROCESS_ACCESS_TYPES, STANDARD_LIMITS as L } from '../domain/standards';
import { access } from './access';
import { http } from './core';
import { flag, intLike, noInput, text, safeString } from './fields';

/**
 * The school's internal standards (back-office §2.3, §3, §6, §7.1). Everyone with the 'standards'
 * button may call these; what each caller sees and may change is decided per process by the
 * handlers (server/domains/standards): 'Менеджер' edits, 'Просмотр' reads and learns, 'Нет' sees
 * nothing of the process. Admins manage every process.
 */
export const standardsReaders = access.icon('standards');

const id = intLike.pipe(z.number().int().min(1).max(2_000_000_000));
/** An id, or '' meaning "none" (the spec's empty standardId / userId). */
const optionalId = z.union([z.literal(''), id]).optional();
const processName = text(L.process);
export const processAccessType = z.enum(PROCESS_ACCESS_TYPES);

/** A standard as lists show it (the HTML comes with get_standard). Dates are 'YYYY-MM-DD HH:MM:SS' Moscow. */
export const standardListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  process: z.string(),
  link: z.string(),
  updatedAt: z.string(),
  /** The caller's latest learned mark, '' when none (it may be older than the last change). */
  learnedAt: z.string(),
  canEdit: flag,
  /** Our addition: '1' when the caller learned it after its last change (decided by the server). */
  isLearned: flag,
});
export type StandardListItem = z.output<typeof standardListItem>;

export const standardSchema = standardListItem.extend({
  htmlDescription: z.string(),
  learnedComment: z.string(),
  /** Our addition: the caller's current learned mark, so it can be cancelled; 0 when none. */
  learnedCommentId: z.number().int(),
});
export type Standard = z.output<typeof standardSchema>;

export const learnedCommentSchema = z.object({
  learnedCommentId: z.number().int(),
  userName: z.string(),
  userTgNickname: z.string(),
  learnedAt: z.string(),
  learnedComment: z.string(),
  /** '1': the caller may cancel this learning (its author or the process manager). */
  canEdit: flag,
  standardId: z.number().int(),
  standardName: z.string(),
  /** Our addition: '1' when the standard changed after this comment (it must be learned again). */
  outdated: flag,
});
export type LearnedComment = z.output<typeof learnedCommentSchema>;

export const didntLearnSchema = z.object({
  standardId: z.number().int(),
  standardName: z.string(),
  standardProcess: z.string(),
  standardUpdatedAt: z.string(),
  userName: z.string(),
  userTgNickname: z.string(),
  /** Our additions: who, and a VK id for a messenger link when there is no Telegram nickname. */
  userId: z.number().int(),
  userVkId: z.string(),
});
export type DidntLearn = z.output<typeof didntLearnSchema>;

export const processAccessSchema = z.object({ userId: z.number().int(), userName: z.string(), accessType: processAccessType });
export type ProcessAccess = z.output<typeof processAccessSchema>;

export const getStandards = http('/app/api/standards/get_standards.php', {
  // 'all': every standard the caller may read; 'didnt_learn': those the caller must learn.
  input: z.object({ type: z.enum(['all', 'didnt_learn']).default('all') }),
  output: z.object({ standards: z.array(standardListItem) }),
  access: standardsReaders,
});

export const getStandard = http('/app/api/standards/get_standard.php', {
  input: z.object({ standardId: id }),
  output: z.object({ standard: standardSchema }),
  access: standardsReaders,
});

export const getLearnedComments = http('/app/api/standards/get_learned_comments.php', {
  // A standard's comments, or with an empty standardId the latest 50 (of one user when userId is set).
  input: z.object({ standardId: optionalId, userId: optionalId }),
  output: z.object({ comments: z.array(learnedCommentSchema) }),
  access: standardsReaders,
});

export const getUsersDidntLearnStandard = http('/app/api/standards/get_users_didnt_learn_standard.php', {
  input: z.object({ standardId: z.union([z.literal('all'), id]).default('all') }),
  output: z.object({ users: z.array(didntLearnSchema) }),
  access: standardsReaders,
});

export const getProcesses = http('/app/api/standards/get_processes.php', {
  input: noInput,
  output: z.object({ processes: z.array(z.object({ process: z.string(), accessType: processAccessType })) }),
  access: standardsReaders,
});

export const getUsersForProcess = http('/app/api/standards/get_users_for_process.php', {
  input: z.object({ process: processName }),
  output: z.object({ processesAccess: z.record(z.string(), z.array(processAccessSchema)) }),
  access: standardsReaders,
});

export const setUsersForProcess = http('/app/api/standards/set_users_for_process.php', {
  input: z.object({
    process: processName,
    processAccess: z.array(z.object({ userId: id, accessType: processAccessType })).max(1000),
  }),
  output: z.object({}),
  access: standardsReaders,
});

export const standardInput = z.object({
  name: text(L.name),
  process: processName,
  link: safeString().trim().max(L.link, `не длиннее ${L.link} символов`).default(''),
  htmlDescription: safeString().max(L.htmlDescription, `не длиннее ${L.htmlDescription} символов`).default(''),
  /** The updatedAt the editor loaded: a save over someone else's newer change is refused. */
  updatedAt: safeString().max(40).optional(),
});
export type StandardInput = z.input<typeof standardInput>;

export const setStandard = http('/app/api/standards/set_standard.php', {
  input: z.object({
    action: z.enum(['create', 'update', 'delete']),
    standardId: optionalId,
    standard: standardInput.optional(),
  }),
  output: z.object({ standardId: z.number().int() }),
  access: standardsReaders,
});

export const standardLearned = http('/app/api/standards/standard_learned.php', {
  input: z.object({ standardId: id, comment: safeString().trim().max(L.comment, `не длиннее ${L.comment} символов`) }),
  output: z.object({}),
  access: standardsReaders,
});

export const resetStandardLearn = http('/app/api/standards/reset_standard_learn.php', {
  input: z.object({ learnedCommentId: id }),
  output: z.object({}),
  access: standardsReaders,
});
