import { standards } from '../../../src/shared/contract';
import type { DidntLearn } from '../../../src/shared/contract/standards';
import { isLearnedAfterChange, isWebLink, LATEST_COMMENTS_LIMIT, standardStamp, STANDARDS_TEXTS as T } from '../../../src/shared/domain/standards';
import { fail } from '../../contract/errors';
import { implement, type SignedContext } from '../../contract/implement';
import type { Db } from '../../db';
import { memberAccess, staffMembers, storedAccess, viewerOf, type Viewer } from './process-access';
import { sanitizeDescription } from './sanitize-description';
import {
  lastLearningAt,
  latestLearnings,
  learnedComments,
  listItemOf,
  readableStandard,
  readableStandards,
  sortForViewer,
  type StandardRow,
} from './store';

const viewer = (ctx: SignedContext) => viewerOf(ctx.services.db, ctx.user);

async function processExists(db: Db, process: string): Promise<boolean> {
  const row = await db.selectFrom('standards').select('id').where('process', '=', process).where('deleted_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

/** A manager's standard, or a Russian failure. */
async function managedStandard(db: Db, who: Viewer, standardId: number | undefined): Promise<StandardRow> {
  if (standardId === undefined) fail(T.standardIdRequired);
  const row = await readableStandard(db, who, standardId);
  if (who.accessTo(row.process) !== 'Менеджер') fail(T.notManager);
  return row;
}

/**
 * May the viewer put a standard into this process? A manager of it may; a process nobody uses yet
 * may be started by an admin, a main manager or the manager of another process.
 */
async function checkMayWriteTo(ctx: SignedContext, who: Viewer, process: string): Promise<'existing' | 'new'> {
  if (await processExists(ctx.services.db, process)) {
    if (who.accessTo(process) !== 'Менеджер') fail(T.notManager);
    return 'existing';
  }
  const mainManager = (await ctx.user.groups()).has('USERS_MAIN_MANAGERS');
  if (!who.isAdmin && !mainManager && who.managedProcesses.length === 0) fail(T.cannotCreate);
  return 'new';
}

/** The description as stored: sanitised, and refused when cleaning left nothing of a non-empty text. */
function storedDescription(html: string, ownOrigin: string): string {
  const clean = sanitizeDescription(html, ownOrigin);
  if (clean === '' && html.trim() !== '') fail(T.emptyDescription, { errors: { htmlDescription: T.emptyDescription } });
  return clean;
}

/** Handlers of the standards screen, one per contract in src/shared/contract/standards.ts. */
export const standardsHandlers = [
  implement(standards.getStandards, async (ctx, { type }) => {
    const who = await viewer(ctx);
    const rows = await readableStandards(ctx.services.db, who);
    const learnings = await latestLearnings(ctx.services.db, ctx.user.id);
    const items = rows.map((row) => listItemOf(row, who, learnings.get(row.id))).filter((item) => type === 'all' || item.isLearned === '0');
    return { standards: sortForViewer(items) };
  }),

  implement(standards.getStandard, async (ctx, { standardId }) => {
    const who = await viewer(ctx);
    const row = await readableStandard(ctx.services.db, who, standardId);
    const learning = (await latestLearnings(ctx.services.db, ctx.user.id)).get(row.id);
    const item = listItemOf(row, who, learning);
    return {
      standard: {
        ...item,
        htmlDescription: row.html_description,
        learnedComment: learning?.comment ?? '',
        learnedCommentId: learning?.id ?? 0,
      },
    };
  }),

  implement(standards.getLearnedComments, async (ctx, { standardId, userId }) => {
    const who = await viewer(ctx);
    if (typeof standardId === 'number') {
      await readableStandard(ctx.services.db, who, standardId);
      return { comments: await learnedComments(ctx.services.db, who, { standardId, userId: typeof userId === 'number' ? userId : undefined }) };
    }
    return { comments: await learnedComments(ctx.services.db, who, { userId: typeof userId === 'number' ? userId : undefined, limit: LATEST_COMMENTS_LIMIT }) };
  }),

  implement(standards.getUsersDidntLearnStandard, async (ctx, { standardId }) => {
    const db = ctx.services.db;
    const who = await viewer(ctx);
    // Only managers see who has not learned: the list is theirs to chase.
    let rows = (await readableStandards(db, who)).filter((row) => who.accessTo(row.process) === 'Менеджер');
    if (standardId !== 'all') {
      await readableStandard(db, who, standardId);
      rows = rows.filter((row) => row.id === standardId);
    }
    if (rows.length === 0) return { users: [] };
    const staff = await staffMembers(ctx.services);
    const stored = await storedAccess(db, [...new Set(rows.map((row) => row.process))]);
    const learned = await db
      .selectFrom('standard_learnings')
      .select(['standard_id', 'user_id', (eb) => eb.fn.max('learned_at').as('last')])
      .where('standard_id', 'in', rows.map((row) => row.id))
      .groupBy(['standard_id', 'user_id'])
      .execute();
    const lastOf = new Map(learned.map((row) => [`${row.standard_id}:${row.user_id}`, Number(row.last)]));
    const collator = new Intl.Collator('ru');
    const users: DidntLearn[] = [];
    for (const row of rows.sort((a, b) => collator.compare(a.process, b.process) || collator.compare(a.name, b.name))) {
      for (const member of staff) {
        if (memberAccess(member, stored.get(row.process)) === 'Нет') continue;
        if (isLearnedAfterChange(lastOf.get(`${row.id}:${member.id}`) ?? null, Number(row.updated_at))) continue;
        users.push({
          standardId: row.id,
          standardName: row.name,
          standardProcess: row.process,
          standardUpdatedAt: standardStamp(Number(row.updated_at)),
          userName: member.name,
          userTgNickname: member.tgNickname,
          userId: member.id,
          userVkId: member.vkId,
        });
      }
    }
    return { users };
  }),

  implement(standards.getProcesses, async (ctx) => {
    const who = await viewer(ctx);
    const rows = await readableStandards(ctx.services.db, who);
    const collator = new Intl.Collator('ru');
    const names = [...new Set(rows.map((row) => row.process))].sort((a, b) => collator.compare(a, b));
    return { processes: names.map((process) => ({ process, accessType: who.accessTo(process) })) };
  }),

  implement(standards.getUsersForProcess, async (ctx, { process }) => {
    const who = await viewer(ctx);
    if (!(await processExists(ctx.services.db, process))) fail(T.processNotFound);
    if (who.accessTo(process) !== 'Менеджер') fail(T.notManager);
    // Admins manage every process by their role; the list is of the people whose level can change.
    const staff = (await staffMembers(ctx.services)).filter((member) => !member.isAdmin);
    const stored = (await storedAccess(ctx.services.db, [process])).get(process);
    return {
      processesAccess: {
        [process]: staff.map((member) => ({ userId: member.id, userName: member.name, accessType: memberAccess(member, stored) })),
      },
    };
  }),

  implement(standards.setUsersForProcess, async (ctx, { process, processAccess }) => {
    const db = ctx.services.db;
    const who = await viewer(ctx);
    if (!(await processExists(db, process))) fail(T.processNotFound);
    if (who.accessTo(process) !== 'Менеджер') fail(T.notManager);
    const staff = new Map((await staffMembers(ctx.services)).map((member) => [member.id, member]));
    for (const entry of processAccess) {
      const member = staff.get(entry.userId);
      if (!member) fail(T.unknownUser);
      if (member.isAdmin) fail(T.adminAlwaysManager);
    }
    const now = ctx.services.clock.now();
    await db.transaction().execute(async (trx) => {
      for (const entry of processAccess) {
        await trx.deleteFrom('standard_process_access').where('process', '=', process).where('user_id', '=', entry.userId).execute();
        await trx
          .insertInto('standard_process_access')
          .values({ process, user_id: entry.userId, access_type: entry.accessType, updated_at: now, updated_by: ctx.user.id })
          .execute();
      }
    });
    ctx.services.log.info(`standards: access to process "${process}" set for ${processAccess.length} users by user ${ctx.user.id}`);
    return {};
  }),

  implement(standards.setStandard, async (ctx, { action, standardId, standard }) => {
    const db = ctx.services.db;
    const who = await viewer(ctx);
    const now = ctx.services.clock.now();
    const id = typeof standardId === 'number' ? standardId : undefined;

    if (action === 'delete') {
      const row = await managedStandard(db, who, id);
      await db.updateTable('standards').set({ deleted_at: now, updated_by: ctx.user.id }).where('id', '=', row.id).execute();
      ctx.services.log.info(`standards ${row.id}: removed by user ${ctx.user.id}`);
      return { standardId: row.id };
    }

    if (!standard) fail(T.standardRequired);
    if (!isWebLink(standard.link)) fail(T.badLink, { errors: { link: T.badLink } });
    const htmlDescription = storedDescription(standard.htmlDescription, ctx.services.config.PUBLIC_URL);

    if (action === 'create') {
      const kind = await checkMayWriteTo(ctx, who, standard.process);
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('standards')
          .values({ name: standard.name, process: standard.process, link: standard.link, html_description: htmlDescription, updated_at: now, created_at: now, created_by: ctx.user.id, updated_by: ctx.user.id })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Whoever starts a process manages it (an admin already manages every process).
        if (kind === 'new' && !who.isAdmin) {
          await trx.deleteFrom('standard_process_access').where('process', '=', standard.process).where('user_id', '=', ctx.user.id).execute();
          await trx.insertInto('standard_process_access').values({ process: standard.process, user_id: ctx.user.id, access_type: 'Менеджер', updated_at: now, updated_by: ctx.user.id }).execute();
        }
        return inserted;
      });
      ctx.services.log.info(`standards ${row.id}: created by user ${ctx.user.id}`);
      return { standardId: row.id };
    }

    const row = await managedStandard(db, who, id);
    if (standard.updatedAt !== undefined && standard.updatedAt !== '' && standard.updatedAt !== standardStamp(Number(row.updated_at))) fail(T.changedByOther);
    if (standard.process !== row.process) await checkMayWriteTo(ctx, who, standard.process);
    const changed = standard.name !== row.name || standard.process !== row.process || standard.link !== row.link || htmlDescription !== row.html_description;
    if (!changed) return { standardId: row.id };
    // Dated after every existing learned mark, so each of them stops counting: everyone learns it again.
    const updatedAt = Math.max(now, (await lastLearningAt(db, row.id)) + 1);
    await db
      .updateTable('standards')
      .set({ name: standard.name, process: standard.process, link: standard.link, html_description: htmlDescription, updated_at: updatedAt, updated_by: ctx.user.id })
      .where('id', '=', row.id)
      .execute();
    ctx.services.log.info(`standards ${row.id}: changed by user ${ctx.user.id}`);
    return { standardId: row.id };
  }),

  implement(standards.standardLearned, async (ctx, { standardId, comment }) => {
    const db = ctx.services.db;
    const who = await viewer(ctx);
    const row = await readableStandard(db, who, standardId);
    if (comment === '') fail(T.commentRequired, { errors: { comment: T.commentRequired } });
    const learning = (await latestLearnings(db, ctx.user.id)).get(row.id);
    const updatedAt = Number(row.updated_at);
    if (isLearnedAfterChange(learning?.learned_at ?? null, updatedAt)) fail(T.alreadyLearned);
    // Strictly after the change even within the same millisecond.
    const learnedAt = Math.max(ctx.services.clock.now(), updatedAt + 1);
    await db.insertInto('standard_learnings').values({ standard_id: row.id, user_id: ctx.user.id, learned_at: learnedAt, comment }).execute();
    return {};
  }),

  implement(standards.resetStandardLearn, async (ctx, { learnedCommentId }) => {
    const db = ctx.services.db;
    const who = await viewer(ctx);
    const learning = await db.selectFrom('standard_learnings').selectAll().where('id', '=', learnedCommentId).executeTakeFirst();
    if (!learning) fail(T.commentNotFound);
    const row = await readableStandard(db, who, learning.standard_id);
    if (learning.user_id !== ctx.user.id && who.accessTo(row.process) !== 'Менеджер') fail(T.cannotReset);
    await db.deleteFrom('standard_learnings').where('id', '=', learning.id).execute();
    ctx.services.log.info(`standards ${row.id}: learning ${learning.id} of user ${learning.user_id} cancelled by user ${ctx.user.id}`);
    return {};
  }),
];
