import { courseEditor } from '../../../../src/shared/contract';
import { implement } from '../../../contract/implement';
import { createChapter, deleteChapter, renameChapter, reorderChapters } from './chapters';
import { bankChoices, courseTree, lessonInFull, videoChoices } from './course-view';
import { deleteCreditAuto, deleteCreditVerbal, saveCreditAuto, saveCreditVerbal } from './credits';
import { createHomework, deleteHomework, setHomeworkP1, setHomeworkP2, updateHomework } from './homework';
import { createLesson, deleteLesson, reorderLessons, setLessonPublished, setLessonVideos, updateLesson } from './lessons';
import { applyIntake, previewIntake } from './new-intake';
import { previewLessonCard, previewRoad } from './preview';
import { flagOf } from './records';

/** Handlers of the course editor, one per live contract in src/shared/contract/course-editor.ts. */
export const courseEditorHandlers = [
  implement(courseEditor.getCourse, async (ctx) => ({ ...(await courseTree(ctx.services.db)), canManagePackages: flagOf(ctx.user.type === 'Админ' ? 1 : 0) })),
  implement(courseEditor.createChapter, async (ctx, { name }) => ({ id: await createChapter(ctx.services.db, name, ctx.services.clock.now()) })),
  implement(courseEditor.renameChapter, async (ctx, { id, name }) => {
    await renameChapter(ctx.services.db, id, name);
    return {};
  }),
  implement(courseEditor.reorderChapters, async (ctx, { ids }) => {
    await reorderChapters(ctx.services.db, ids);
    return {};
  }),
  implement(courseEditor.deleteChapter, async (ctx, { id }) => {
    await deleteChapter(ctx.services.db, id);
    return {};
  }),

  implement(courseEditor.createLesson, async (ctx, input) => ({ number: await createLesson(ctx.services.db, input, ctx.services.clock.now()) })),
  implement(courseEditor.updateLesson, async (ctx, input) => {
    await updateLesson(ctx.services.db, input, ctx.services.clock.now());
    return {};
  }),
  implement(courseEditor.reorderLessons, async (ctx, { chapterId, numbers }) => {
    await reorderLessons(ctx.services.db, chapterId, numbers, ctx.services.clock.now());
    return {};
  }),
  implement(courseEditor.setLessonPublished, async (ctx, { number, isPublished }) => {
    await setLessonPublished(ctx.services.db, number, isPublished, ctx.services.clock.now());
    return {};
  }),
  implement(courseEditor.deleteLesson, async (ctx, { number }) => {
    await deleteLesson(ctx.services.db, number);
    return {};
  }),
  implement(courseEditor.setLessonVideos, async (ctx, { number, videoIds }) => {
    await setLessonVideos(ctx.services.db, number, videoIds, ctx.services.clock.now());
    return {};
  }),
  implement(courseEditor.getEditorLesson, async (ctx, { number }) => lessonInFull(ctx.services.db, number)),
  implement(courseEditor.getVideoChoices, async (ctx) => videoChoices(ctx.services.db)),

  implement(courseEditor.createHomework, async (ctx, { lessonNum, ...settings }) => ({ num: await createHomework(ctx.services.db, lessonNum, settings, ctx.services.clock.now()) })),
  implement(courseEditor.updateHomework, async (ctx, { num, ...settings }) => {
    await updateHomework(ctx.services.db, num, settings, ctx.services.clock.now());
    return {};
  }),
  implement(courseEditor.setHomeworkP1, async (ctx, { num, isDop, tasks }) => setHomeworkP1(ctx.services.db, num, isDop, tasks, ctx.services.clock.now())),
  implement(courseEditor.setHomeworkP2, async (ctx, { num, isDop, tasks }) => setHomeworkP2(ctx.services.db, num, isDop, tasks, ctx.services.clock.now())),
  implement(courseEditor.deleteHomework, async (ctx, { num }) => {
    await deleteHomework(ctx.services.db, num);
    return {};
  }),
  implement(courseEditor.getBankChoices, async (ctx, { lessonNum }) => bankChoices(ctx.services.db, lessonNum)),

  implement(courseEditor.saveCreditAuto, async (ctx, input) => ({ num: await saveCreditAuto(ctx.services.db, input, ctx.services.clock.now()) })),
  implement(courseEditor.deleteCreditAuto, async (ctx, { num }) => {
    await deleteCreditAuto(ctx.services.db, num);
    return {};
  }),
  implement(courseEditor.saveCreditVerbal, async (ctx, input) => ({ num: await saveCreditVerbal(ctx.services.db, input, ctx.services.clock.now()) })),
  implement(courseEditor.deleteCreditVerbal, async (ctx, { num }) => {
    await deleteCreditVerbal(ctx.services.db, num);
    return {};
  }),

  implement(courseEditor.previewRoad, async (ctx, { userType }) => previewRoad(ctx.services.db, userType, ctx.services.clock.now())),
  implement(courseEditor.previewLessonCard, async (ctx, { userType, lessonNum }) => previewLessonCard(ctx.services.db, userType, lessonNum, ctx.services.clock.now())),

  implement(courseEditor.previewNewIntake, async (ctx, { startDate }) => previewIntake(ctx.services.db, startDate)),
  implement(courseEditor.applyNewIntake, async (ctx, { startDate, shiftDays }) => ({ changed: await applyIntake(ctx.services.db, startDate, shiftDays) })),
];
