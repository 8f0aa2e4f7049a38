import { trainP2 } from '../../../src/shared/contract';
import { parseQuestionType, TRAIN_P2_TEXTS as T } from '../../../src/shared/contract/train-p2';
import { toFlag } from '../../../src/shared/contract/fields';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import { drawQuestion, selfCheck, sendAnswer } from './answers';
import { claimCheck, countClaimable, finishClassmateCheck, refuseClassmateCheck } from './classmates';
import { finishLikeCuratorCheck, likeCuratorChecksLeft, refuseLikeCuratorCheck, startLikeCuratorCheck } from './like-curator';
import { mayUsePeerModes, parseKey } from './modes';
import { eligibleQuestionsP2, hasCriteria, setsOf } from './question-pool';
import { checkDetails, checkTable } from './tables';

/** Handlers of training part 2, one per contract in src/shared/contract/train-p2.ts. */
export const trainP2Handlers = [
  implement(trainP2.availableQuestions2, async (ctx) => {
    const { db, clock, chatModel } = ctx.services;
    const now = clock.now();
    const peers = mayUsePeerModes(ctx.user);
    const pool = await eligibleQuestionsP2(db, ctx.user, true, now);
    const ai = peers && chatModel.configured ? setsOf(pool.filter(hasCriteria)) : { chapters: [], egeNums: [] };
    return {
      ...setsOf(pool),
      chaptersAI: ai.chapters,
      egeNumsAI: ai.egeNums,
      additionInfo: {
        availableChecksAnother: peers ? await countClaimable(db, ctx.user, now) : 0,
        availableChecksLikeCur: await likeCuratorChecksLeft(db, ctx.user.id, now),
        aiConfigured: toFlag(chatModel.configured),
        peerModes: toFlag(peers),
      },
    };
  }),
  implement(trainP2.getQuestion2, async (ctx, input) => ({ questionData: await drawQuestion(ctx.services, ctx.user, { ...input, include90Plus: input.include90Plus === '1', firstlyUnresolved: input.firstlyUnresolved === '1' }, ctx.services.clock.now()) })),
  implement(trainP2.sendQuestion2, async (ctx, input) => {
    await sendAnswer(ctx.services, ctx.user, input, ctx.services.clock.now());
    return {};
  }),
  implement(trainP2.getCheckQuestion2, async (ctx, input) => {
    const type = parseQuestionType(input.questionType);
    if (!type) fail(T.unknownType);
    const { db, clock } = ctx.services;
    const include90Plus = input.include90Plus === '1';
    const questionData = input.askType === 'checkAnother' ? await claimCheck(db, ctx.user, type, include90Plus, clock.now()) : await startLikeCuratorCheck(db, ctx.user, type, include90Plus, clock.now());
    return { questionData };
  }),
  implement(trainP2.checkQuestion2, async (ctx, { askType, checkData }) => {
    const now = ctx.services.clock.now();
    if (askType === 'selfCheck') {
      await selfCheck(ctx.services, ctx.user, checkData, now);
      return {};
    }
    const key = parseKey(checkData.checkVkId ?? '');
    if (key?.kind !== 'classmate') fail(T.notAssigned);
    await finishClassmateCheck(ctx.services.db, ctx.user, key.id, checkData, now);
    return {};
  }),
  implement(trainP2.checkLikecuratorFinish, async (ctx, { checkData }) => {
    const key = parseKey(checkData.studentId);
    if (key?.kind !== 'curator') fail(T.checkNotFound);
    return { questionData: await finishLikeCuratorCheck(ctx.services.db, ctx.user, key.id, checkData, ctx.services.clock.now()) };
  }),
  implement(trainP2.cancelCheckQuestion2, async (ctx, { q2Id, studentId }) => {
    const key = parseKey(studentId);
    if (!key) fail(T.checkNotFound);
    if (key.kind === 'classmate') await refuseClassmateCheck(ctx.services.db, ctx.user, key.id, q2Id, ctx.services.clock.now());
    else await refuseLikeCuratorCheck(ctx.services.db, ctx.user, key.id, q2Id);
    return {};
  }),
  implement(trainP2.checkTables, async (ctx, { tableType }) => ({ table: await checkTable(ctx.services.db, ctx.user, tableType, ctx.services.clock.now()) })),
  implement(trainP2.resultCheckQuestion2, async (ctx, { askType, checkId }) => ({ questionData: await checkDetails(ctx.services.db, ctx.user, askType, checkId, ctx.services.clock.now()) })),
];
