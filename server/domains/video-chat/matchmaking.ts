import { type Selectable, sql } from 'kysely';
import {
  call,
  callCancelByServer,
  start as startContract,
  startCancelByServer,
  VERBAL_CHAT_TEXTS as T,
  type TrainInfo,
  type VerbalChatState,
} from '../../../src/shared/contract/video-chat';
import { accessAllowed, loadCurrentUser } from '../../auth/current-user';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import type { VerbalChatSessionsTable } from '../../db/schema';
import type { Services } from '../../services';

/** A call the callee does not answer is cancelled after this long. */
export const CALL_TIMEOUT_MS = 30_000;
/** A search nobody answers stops after this long (the user can start again). */
export const SEARCH_TIMEOUT_MS = 5 * 60_000;
/** How many waiting users a search looks at before giving up for now. */
const CANDIDATES = 20;

type UserState = 'idle' | 'searching' | 'calling' | 'session';

interface ChatUserRow {
  user_id: number;
  want: number;
  state: string;
  session_id: number | null;
}

const SESSION_COLUMNS = ['id', 'initiator_id', 'callee_id', 'status', 'questioner_id', 'answerer_id', 'question_id'] as const;
type SessionRow = Pick<Selectable<VerbalChatSessionsTable>, (typeof SESSION_COLUMNS)[number]>;

/** Raised inside a pairing transaction when the other side changed meanwhile; the transaction rolls back. */
class PairingRace extends Error {}

async function chatUser(db: Db, userId: number, now: number): Promise<ChatUserRow> {
  await db
    .insertInto('verbal_chat_users')
    .values({ user_id: userId, want: 0, state: 'idle', state_since: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return db.selectFrom('verbal_chat_users').select(['user_id', 'want', 'state', 'session_id']).where('user_id', '=', userId).executeTakeFirstOrThrow();
}

async function sessionById(db: Db, id: number): Promise<SessionRow | undefined> {
  return db
    .selectFrom('verbal_chat_sessions')
    .select(SESSION_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

async function fullName(db: Db, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select(['name', 'surname']).where('id', '=', userId).executeTakeFirst();
  return row ? `${row.name} ${row.surname}`.trim() : '';
}

/** Whether the user is ready to be called. */
export async function getWant(db: Db, userId: number, now: number): Promise<boolean> {
  return (await chatUser(db, userId, now)).want === 1;
}

/** Ready (or not) to be called; a ready user is paired with the longest-waiting searcher at once. */
export async function setWant(services: Services, userId: number, want: boolean): Promise<void> {
  const now = services.clock.now();
  await chatUser(services.db, userId, now);
  await services.db
    .updateTable('verbal_chat_users')
    .set({ want: want ? 1 : 0, want_since: want ? now : null, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
  if (want) await matchReadyUser(services, userId);
}

/** Starts a search; pairs with a ready or searching user at once when there is one. */
export async function startSearch(services: Services, userId: number): Promise<void> {
  const now = services.clock.now();
  const row = await chatUser(services.db, userId, now);
  if (row.state === 'calling' || row.state === 'session') fail(T.alreadyBusy);
  if (row.state !== 'searching') {
    await services.db
      .updateTable('verbal_chat_users')
      .set({ state: 'searching', state_since: now, session_id: null, updated_at: now })
      .where('user_id', '=', userId)
      .where('state', '=', 'idle')
      .execute();
  }
  await matchSearcher(services, userId);
}

/** Stops the caller's search; a pending call the caller started is cancelled too. */
export async function cancelSearch(services: Services, userId: number): Promise<void> {
  const now = services.clock.now();
  const row = await chatUser(services.db, userId, now);
  if (row.state === 'searching') {
    await toIdle(services.db, [userId], 'searching', now);
    return;
  }
  if (row.state === 'calling' && row.session_id !== null) {
    const session = await sessionById(services.db, row.session_id);
    if (session?.initiator_id === userId) await endSession(services, session.id, userId, T.callerCancelled);
  }
}

/** The callee's answer. Accept: both get their roles and the question. Reject: the caller's search ends with the cause. */
export async function answerCall(services: Services, userId: number, accept: boolean): Promise<void> {
  const now = services.clock.now();
  const row = await chatUser(services.db, userId, now);
  const session = row.session_id === null ? undefined : await sessionById(services.db, row.session_id);
  if (row.state !== 'calling' || !session || session.status !== 'calling' || session.callee_id !== userId) fail(T.noCall);
  if (!accept) {
    await endSession(services, session.id, userId, T.calleeRejected);
    return;
  }
  const accepted = await services.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('verbal_chat_sessions')
      .set({ status: 'active', accepted_at: now })
      .where('id', '=', session.id)
      .where('status', '=', 'calling')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('verbal_chat_users')
      .set({ state: 'session', state_since: now, updated_at: now })
      .where('session_id', '=', session.id)
      .execute();
    return true;
  });
  if (!accepted) fail(T.noCall);
  const active = { ...session, status: 'active' };
  await Promise.all(
    [active.initiator_id, active.callee_id].map(async (id) => services.verbalChat.sendTrainInfo(id, await trainInfoFor(services.db, active, id))),
  );
}

/** Ends the caller's pending call or running training (either side). */
export async function cancelCall(services: Services, userId: number): Promise<void> {
  const now = services.clock.now();
  const row = await chatUser(services.db, userId, now);
  if (row.state === 'searching') {
    await toIdle(services.db, [userId], 'searching', now);
    return;
  }
  const session = row.session_id === null ? undefined : await sessionById(services.db, row.session_id);
  if (!session || session.status === 'ended') return;
  const cause = session.status === 'active' ? T.partnerEnded : session.initiator_id === userId ? T.callerCancelled : T.calleeRejected;
  await endSession(services, session.id, userId, cause);
}

/** Where the caller stands and, in a call or training, the roles and question. */
export async function currentTraining(
  services: Services,
  userId: number,
): Promise<{ state: VerbalChatState; trainInfo: TrainInfo | null; callerFullName: string }> {
  const now = services.clock.now();
  const row = await chatUser(services.db, userId, now);
  if (row.state === 'searching') return { state: 'searching', trainInfo: null, callerFullName: '' };
  const session = row.session_id === null ? undefined : await sessionById(services.db, row.session_id);
  if (!session || session.status === 'ended') return { state: 'waiting', trainInfo: null, callerFullName: '' };
  const trainInfo = await trainInfoFor(services.db, session, userId);
  if (session.status === 'calling') {
    // The caller still searches; the callee has an incoming call.
    if (session.initiator_id === userId) return { state: 'searching', trainInfo, callerFullName: '' };
    return { state: 'call', trainInfo: null, callerFullName: trainInfo.userInitiator.userFullName };
  }
  return { state: 'connection', trainInfo, callerFullName: '' };
}

/** Shell §3.4 for one of the two users of a session. */
export async function trainInfoFor(db: Db, session: SessionRow, viewerId: number): Promise<TrainInfo> {
  const question = session.question_id === null
    ? undefined
    : await db.selectFrom('verbal_questions').select(['question', 'answer']).where('id', '=', session.question_id).executeTakeFirst();
  const role = session.status === 'calling' && viewerId === session.initiator_id ? 'initiator' : viewerId === session.questioner_id ? 'questioner' : 'answerer';
  return {
    role,
    userNameQuestioner: await fullName(db, session.questioner_id),
    userNameAnswerer: await fullName(db, session.answerer_id),
    questionText: question?.question ?? '',
    questionAnswer: role === 'questioner' ? question?.answer ?? '' : '',
    userInitiator: { userFullName: await fullName(db, session.initiator_id) },
    sessionId: session.id,
  };
}

/** The session this user may signal on: theirs, accepted and not ended. */
export async function activeSessionOf(db: Db, userId: number): Promise<SessionRow | undefined> {
  const row = await db.selectFrom('verbal_chat_users').select(['state', 'session_id']).where('user_id', '=', userId).executeTakeFirst();
  if (!row || row.state !== 'session' || row.session_id === null) return undefined;
  const session = await sessionById(db, row.session_id);
  return session?.status === 'active' ? session : undefined;
}

/**
 * Ends a session once (a conditional update decides who ends it), frees both users, closes the
 * signalling channel everywhere and tells the other side why. `byUserId` null: the server ended it.
 */
export async function endSession(services: Services, sessionId: number, byUserId: number | null, cause: string, causeForCallee = cause): Promise<boolean> {
  const now = services.clock.now();
  const { db } = services;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const session = await sessionById(db, sessionId);
    if (!session || session.status === 'ended') return false;
    const ended = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('verbal_chat_sessions')
        .set({ status: 'ended', ended_at: now, end_cause: cause })
        .where('id', '=', sessionId)
        .where('status', '=', session.status)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable('verbal_chat_users')
        .set({ state: 'idle', state_since: now, session_id: null, updated_at: now })
        .where('session_id', '=', sessionId)
        .execute();
      return true;
    });
    if (!ended) continue;
    await services.verbalChat.closeSignalling(sessionId);
    for (const userId of [session.initiator_id, session.callee_id]) {
      if (userId === byUserId) continue;
      // A pending call: the caller was still searching, so its search ends; otherwise the call or training does.
      if (session.status === 'calling' && userId === session.initiator_id) await services.live.push(userId, startCancelByServer, { cause });
      else await services.live.push(userId, callCancelByServer, { cause: userId === session.callee_id ? causeForCallee : cause });
    }
    return true;
  }
  return false;
}

/** A user whose last live socket closed: whatever they were doing is cancelled (shell §4.2). */
export async function userWentOffline(services: Services, userId: number): Promise<void> {
  const row = await services.db.selectFrom('verbal_chat_users').select(['state', 'session_id']).where('user_id', '=', userId).executeTakeFirst();
  if (!row || row.state === 'idle') return;
  if (row.state === 'searching') {
    await toIdle(services.db, [userId], 'searching', services.clock.now());
    return;
  }
  if (row.session_id !== null) await endSession(services, row.session_id, userId, T.partnerLeft);
}

/** Calls nobody answered and searches nobody joined, on any instance; safe to run everywhere at once. */
export async function expireStale(services: Services): Promise<void> {
  const now = services.clock.now();
  const { db } = services;
  const calls = await db
    .selectFrom('verbal_chat_sessions')
    .select('id')
    .where('status', '=', 'calling')
    .where('created_at', '<', now - CALL_TIMEOUT_MS)
    .execute();
  for (const { id } of calls) {
    const session = await sessionById(db, id);
    if (await endSession(services, id, null, T.calleeMissed, T.missedCall)) {
      // A ready user who lets a call ring out is probably away: stop calling them.
      if (session) await db.updateTable('verbal_chat_users').set({ want: 0, want_since: null, updated_at: now }).where('user_id', '=', session.callee_id).execute();
    }
  }
  const searchers = await db
    .selectFrom('verbal_chat_users')
    .select('user_id')
    .where('state', '=', 'searching')
    .where('state_since', '<', now - SEARCH_TIMEOUT_MS)
    .execute();
  for (const { user_id } of searchers) {
    if (await toIdle(db, [user_id], 'searching', now)) await services.live.push(user_id, startCancelByServer, { cause: T.searchTimeout });
  }
}

async function toIdle(db: Db, userIds: number[], from: UserState, now: number): Promise<boolean> {
  const result = await db
    .updateTable('verbal_chat_users')
    .set({ state: 'idle', state_since: now, session_id: null, updated_at: now })
    .where('user_id', 'in', userIds)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** May this user practise now (the rule that shows the button, checked again at pairing time)? */
async function mayPractise(services: Services, userId: number): Promise<boolean> {
  const user = await loadCurrentUser(services.db, userId, services.clock.now());
  return accessAllowed(startContract.access, user ?? null, await services.iconRules.get());
}

/** A searcher looks for the longest-waiting searcher, then the longest-ready user. */
async function matchSearcher(services: Services, searcherId: number): Promise<void> {
  const candidates = await services.db
    .selectFrom('verbal_chat_users')
    .select(['user_id', 'state'])
    .where('user_id', '!=', searcherId)
    .where((eb) => eb.or([eb('state', '=', 'searching'), eb.and([eb('state', '=', 'idle'), eb('want', '=', 1)])]))
    .orderBy(sql`case when state = 'searching' then 0 else 1 end`)
    .orderBy(sql`case when state = 'searching' then state_since else want_since end`)
    .limit(CANDIDATES)
    .execute();
  for (const candidate of candidates) {
    if (!(await mayPractise(services, candidate.user_id))) continue;
    if (await pair(services, searcherId, 'searching', candidate.user_id, candidate.state as UserState)) return;
  }
}

/** A user who just became ready answers the longest-waiting searcher. */
async function matchReadyUser(services: Services, readyId: number): Promise<void> {
  const searchers = await services.db
    .selectFrom('verbal_chat_users')
    .select('user_id')
    .where('user_id', '!=', readyId)
    .where('state', '=', 'searching')
    .orderBy('state_since')
    .limit(CANDIDATES)
    .execute();
  for (const searcher of searchers) {
    if (!(await mayPractise(services, searcher.user_id))) continue;
    if (await pair(services, searcher.user_id, 'searching', readyId, 'idle')) return;
  }
}

/**
 * Pairs two users in one transaction whose conditional updates fail when either changed meanwhile
 * (another instance paired them first): then nothing is written and the next candidate is tried.
 * The callee gets the call push; the session has its question and roles from the start.
 */
async function pair(services: Services, initiatorId: number, initiatorState: UserState, calleeId: number, calleeState: UserState): Promise<boolean> {
  const now = services.clock.now();
  const { db } = services;
  const question = await db
    .selectFrom('verbal_questions')
    .select('id')
    .where('is_public', '=', 1)
    .orderBy(sql`random()`)
    .limit(1)
    .executeTakeFirst();
  let sessionId: number;
  try {
    sessionId = await db.transaction().execute(async (trx) => {
      const session = await trx
        .insertInto('verbal_chat_sessions')
        .values({
          initiator_id: initiatorId,
          callee_id: calleeId,
          status: 'calling',
          // The one who accepted asks first; the one who called answers.
          questioner_id: calleeId,
          answerer_id: initiatorId,
          question_id: question?.id ?? null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Rows are locked in id order, so two instances pairing overlapping users never deadlock.
      const sides = [[initiatorId, initiatorState], [calleeId, calleeState]] as const;
      for (const [userId, from] of [...sides].sort((a, b) => a[0] - b[0])) {
        let update = trx
          .updateTable('verbal_chat_users')
          .set({ state: 'calling', state_since: now, session_id: session.id, updated_at: now })
          .where('user_id', '=', userId)
          .where('state', '=', from);
        if (userId === calleeId && from === 'idle') update = update.where('want', '=', 1);
        const result = await update.executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw new PairingRace();
      }
      return session.id;
    });
  } catch (error) {
    if (error instanceof PairingRace) return false;
    throw error;
  }
  services.log.info(`verbal chat session=${sessionId} call ${initiatorId} → ${calleeId}`);
  await services.live.push(calleeId, call, { userInitiator: { userFullName: await fullName(db, initiatorId) } });
  return true;
}
