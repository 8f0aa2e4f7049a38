import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideFirst } from '../../../src/shared/contract';
import { DECIDE_FIRST_TEXTS as T } from '../../../src/shared/contract/decide-first';
import { DECIDE_FIRST } from '../../../src/shared/domain/decide-first';
import type { TestClient } from '../../../tests/helpers/client';
import { roundAnswers } from '../../../tests/helpers/game-rounds';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

describe.each(testDialects)('Decide First on %s', (dialect) => {
  let server: TestServer;
  const db = () => server.server.services.db;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  const data = (client: TestClient) => client.call(decideFirst.getGameData, {});
  const answersOf = (gameId: number, qNum: number) => roundAnswers(db(), gameId, qNum);
  /** Moves the current phase's deadline into the past, as if its time ran out `agoMs` ago. */
  const expire = async (gameId: number, agoMs = 1) => {
    await db().updateTable('decide_first_games').set({ phase_deadline: Date.now() - agoMs }).where('id', '=', gameId).execute();
  };
  /** Three players in a fresh private game of `owner`. */
  const privateGame = async (logins: [string, string, string]) => {
    const [owner, second, third] = await Promise.all(logins.map((login) => server.signIn(login)));
    const { gameId } = await owner!.call(decideFirst.createOrJoinGame, { gameType: 'private', gameId: '' });
    await second!.call(decideFirst.createOrJoinGame, { gameType: 'private', gameId });
    await third!.call(decideFirst.createOrJoinGame, { gameType: 'private', gameId: String(gameId) });
    return { owner: owner!, second: second!, third: third!, gameId };
  };
  /** Closes the finished game of each client so they may play again. */
  const closeAll = async (gameId: number, clients: TestClient[]) => {
    for (const client of clients) await client.call(decideFirst.leaveGame, { gameId });
  };

  it('plays a private game: join by id, only the owner starts, first right answer takes the round with the coefficient, standings', async () => {
    const { owner, second, third, gameId } = await privateGame(['student', 'subscription', 'package']);
    const waiting = await data(second);
    expect(waiting.gameInfo).toMatchObject({ gameId, gameType: 'private', status: 'WAIT_PLAYERS', timer: null, currentQNum: 0 });
    expect(waiting.players.map((player) => player.userStatus)).toEqual(['Ожидает', 'Ожидает', 'Ожидает']);
    expect(waiting.gameInfo!.ownerUserVkId).toBe(waiting.players[0]!.userVkId);
    expect(waiting.gameInfo!.currentUserVkId).toBe(waiting.players[1]!.userVkId);

    expect((await second.callRaw(decideFirst.startPrivateGame, { gameId })).body).toEqual({ success: '0', message: T.notOwner });
    await owner.call(decideFirst.startPrivateGame, { gameId });
    expect((await owner.callRaw(decideFirst.startPrivateGame, { gameId })).body).toEqual({ success: '0', message: T.notWaiting });

    const started = await data(third);
    expect(started.gameInfo).toMatchObject({ status: 'ANSWERING', currentQNum: 1, totalQuestions: DECIDE_FIRST.questionsPerGame });
    expect(started.gameInfo!.timer).toBeGreaterThan(DECIDE_FIRST.answerMs - 5000);
    expect(started.questions).toHaveLength(1);
    expect(started.questions[0]).toMatchObject({ qNum: 1, qAnswer: '', userBall: 0, winnerUserVkId: '' });
    expect(started.questions[0]!.qJson.rightAnswers).toBeUndefined();
    const sync = await third.call(decideFirst.timerSync, { gameId });
    expect(sync.lastGameUpdate).toBe(started.gameInfo!.lastGameUpdate);
    expect(sync.timer).toBeLessThanOrEqual(started.gameInfo!.timer!);

    // Round 1: a wrong answer does not close it; the second player's right answer takes it at ×1.0.
    const round1 = await answersOf(gameId, 1);
    expect(await third.call(decideFirst.sendGameAnswer, { gameId, qNum: 1, answer: round1.wrong })).toEqual({ isRight: false, wonRound: false });
    expect((await third.callRaw(decideFirst.sendGameAnswer, { gameId, qNum: 1, answer: round1.right })).body).toEqual({ success: '0', message: T.answeredAlready });
    expect((await data(owner)).players.find((player) => player.userName.length > 0 && player.userVkId === started.players[2]!.userVkId)!.userAnswer).toBe('');
    expect(await second.call(decideFirst.sendGameAnswer, { gameId, qNum: 1, answer: round1.right })).toEqual({ isRight: true, wonRound: true });
    expect((await owner.callRaw(decideFirst.sendGameAnswer, { gameId, qNum: 1, answer: round1.right })).body).toEqual({ success: '0', message: T.roundClosed });
    const mid = await data(second);
    expect(mid.gameInfo).toMatchObject({ status: 'MID_RESULT', currentQNum: 1 });
    expect(mid.questions[0]).toMatchObject({ qAnswer: round1.right, userBall: round1.realBall, winnerUserVkId: mid.players[1]!.userVkId, myAnswer: round1.right });
    expect(mid.players.map((player) => player.userBall)).toEqual([0, round1.realBall, 0]);
    // After the round closes everyone's answers show; the winner's next win counts ×1.2.
    expect(mid.players.map((player) => player.userAnswer)).toEqual(['', round1.right, round1.wrong]);
    expect(mid.players.map((player) => player.userBallCoefficient)).toEqual([1, 1.2, 1]);

    // Round 2 opens when the result pause is over; the same player wins again at ×1.2.
    await expire(gameId);
    const round2 = await answersOf(gameId, 2);
    expect((await data(owner)).gameInfo).toMatchObject({ status: 'ANSWERING', currentQNum: 2 });
    expect(await second.call(decideFirst.sendGameAnswer, { gameId, qNum: 2, answer: round2.right })).toMatchObject({ wonRound: true });
    const afterTwo = (await data(owner)).players[1]!;
    expect(afterTwo.userBall).toBeCloseTo(round1.realBall + round2.realBall * 1.2, 5);
    expect(afterTwo.userBallCoefficient).toBe(1.4);

    // Round 3: nobody answers in time; the series ends. Round 4: everyone answers wrong, it closes at once.
    await expire(gameId);
    expect((await data(owner)).gameInfo!.currentQNum).toBe(3);
    await expire(gameId);
    const noWinner = await data(owner);
    expect(noWinner.gameInfo!.status).toBe('MID_RESULT');
    expect(noWinner.questions[2]!.winnerUserVkId).toBe('');
    expect(noWinner.players[1]!.userBallCoefficient).toBe(1);
    await expire(gameId);
    const round4 = await answersOf(gameId, 4);
    for (const client of [owner, second, third]) await client.call(decideFirst.sendGameAnswer, { gameId, qNum: 4, answer: round4.wrong });
    expect((await data(owner)).gameInfo!.status).toBe('MID_RESULT');

    // Round 5 to the owner; then the game ends with standings.
    await expire(gameId);
    const round5 = await answersOf(gameId, 5);
    await owner.call(decideFirst.sendGameAnswer, { gameId, qNum: 5, answer: round5.right });
    await expire(gameId);
    const end = await data(third);
    expect(end.gameInfo).toMatchObject({ status: 'GAME_END', timer: null });
    expect(end.questions).toHaveLength(5);
    const secondScore = round1.realBall + round2.realBall * 1.2;
    const expected = secondScore > round5.realBall ? ['Проиграл', 'Победил', 'Проиграл'] : secondScore === round5.realBall ? ['Ничья', 'Ничья', 'Проиграл'] : ['Победил', 'Проиграл', 'Проиграл'];
    expect(end.players.map((player) => player.userStatus)).toEqual(expected);

    const { standings } = await owner.call(decideFirst.getTournamentTableData, {});
    const byKey = new Map(standings.map((row) => [row.userVkId, row]));
    expect(byKey.get(end.players[2]!.userVkId)).toMatchObject({ all: 1, win: 0, lost: 1, drew: 0 });
    expect(standings[0]!.position).toBe(1);
    expect(standings.length).toBeLessThanOrEqual(DECIDE_FIRST.standingsTop);

    // The end screen stays until each player closes it; then a new game may begin.
    expect((await third.callRaw(decideFirst.createOrJoinGame, { gameType: 'private', gameId: '' })).body.success).toBe('1');
    const fresh = await data(third);
    expect(fresh.gameInfo!.gameId).not.toBe(gameId);
    await third.call(decideFirst.leaveGame, { gameId: fresh.gameInfo!.gameId }); // the owner cancels it
    expect((await data(third)).gameInfo!.status).toBe('GAME_CANCEL');
    await closeAll(fresh.gameInfo!.gameId, [third]);
    await closeAll(gameId, [owner, second]);
    expect((await data(owner)).gameInfo).toBeNull();
  });

  it('of simultaneous right answers exactly one takes the round, decided by the database', async () => {
    const { owner, second, third, gameId } = await privateGame(['student', 'subscription', 'package']);
    await owner.call(decideFirst.startPrivateGame, { gameId });
    const clients = [owner, second, third];
    for (let qNum = 1; qNum <= DECIDE_FIRST.questionsPerGame; qNum += 1) {
      if (qNum > 1) await expire(gameId);
      expect((await data(owner)).gameInfo).toMatchObject({ status: 'ANSWERING', currentQNum: qNum });
      const { right, realBall } = await answersOf(gameId, qNum);
      const replies = (await Promise.all(clients.map((client) => client.callRaw(decideFirst.sendGameAnswer, { gameId, qNum, answer: right })))).map((reply) => reply.body);
      // One takes the round; a later one finds it taken (inside the database) or already closed.
      expect(replies.filter((reply) => reply.success === '1' && reply.wonRound === true)).toHaveLength(1);
      for (const reply of replies) {
        if (reply.success === '1') expect(reply.isRight).toBe(true);
        else expect(reply).toEqual({ success: '0', message: T.roundClosed });
      }
      const round = await db().selectFrom('decide_first_rounds').selectAll().where('game_id', '=', gameId).where('q_num', '=', qNum).executeTakeFirstOrThrow();
      expect(round.winner_id).not.toBeNull();
      expect(round.winner_tenths).toBeGreaterThanOrEqual(realBall * 10);
    }
    await expire(gameId);
    const end = await data(owner);
    expect(end.gameInfo!.status).toBe('GAME_END');
    // Scores add up to exactly the rounds' winning points: nothing counted twice.
    const rounds = await db().selectFrom('decide_first_rounds').select('winner_tenths').where('game_id', '=', gameId).execute();
    const total = rounds.reduce((sum, round) => sum + (round.winner_tenths ?? 0), 0);
    expect(Math.round(end.players.reduce((sum, player) => sum + player.userBall, 0) * 10)).toBe(total);
    await closeAll(gameId, clients);
  });

  it('a game left alone catches up on the next read; leaving mid-game loses it and the last player wins', async () => {
    const { owner, second, third, gameId } = await privateGame(['student', 'subscription', 'package']);
    await owner.call(decideFirst.startPrivateGame, { gameId });
    // Far past every deadline: the whole game plays out by the clock, in order, on one read.
    await expire(gameId, 60 * 60_000);
    const ended = await data(second);
    expect(ended.gameInfo).toMatchObject({ status: 'GAME_END', currentQNum: DECIDE_FIRST.questionsPerGame });
    expect(ended.players.map((player) => player.userStatus)).toEqual(['Ничья', 'Ничья', 'Ничья']);
    await closeAll(gameId, [owner, second, third]);

    const next = await privateGame(['student', 'subscription', 'package']);
    await next.owner.call(decideFirst.startPrivateGame, { gameId: next.gameId });
    await next.third.call(decideFirst.leaveGame, { gameId: next.gameId });
    expect((await data(next.third)).gameInfo!.status).toBe('LOOSED_BEFORE_END');
    expect((await next.third.callRaw(decideFirst.sendGameAnswer, { gameId: next.gameId, qNum: 1, answer: '1' })).body).toEqual({ success: '0', message: T.notPlaying });
    // Two still play; the round closes at once when both answered wrong.
    const { wrong } = await answersOf(next.gameId, 1);
    await next.owner.call(decideFirst.sendGameAnswer, { gameId: next.gameId, qNum: 1, answer: wrong });
    await next.second.call(decideFirst.sendGameAnswer, { gameId: next.gameId, qNum: 1, answer: wrong });
    expect((await data(next.owner)).gameInfo!.status).toBe('MID_RESULT');
    await next.second.call(decideFirst.leaveGame, { gameId: next.gameId });
    const alone = await data(next.owner);
    expect(alone.gameInfo!.status).toBe('GAME_END');
    expect(alone.players.map((player) => player.userStatus)).toEqual(['Победил', 'Проиграл_вышел', 'Проиграл_вышел']);
    await closeAll(next.gameId, [next.owner, next.second, next.third]);
    expect((await data(next.third)).gameInfo).toBeNull();
  });

  it('matches public players into one game that starts after the countdown', async () => {
    const [a, b, c] = await Promise.all(['intensive', 'partial', 'student'].map((login) => server.signIn(login)));
    const first = await a!.call(decideFirst.createOrJoinGame, { gameType: 'public' });
    const waiting = await data(a!);
    expect(waiting.gameInfo).toMatchObject({ gameType: 'public', status: 'WAIT_PLAYERS', timer: null, ownerUserVkId: '' });
    // Two more at once (as from two instances): both land in the same game.
    const [second, third] = await Promise.all([b!.call(decideFirst.createOrJoinGame, { gameType: 'public' }), c!.call(decideFirst.createOrJoinGame, { gameType: 'public' })]);
    expect(second.gameId).toBe(first.gameId);
    expect(third.gameId).toBe(first.gameId);
    const counting = await data(c!);
    expect(counting.players).toHaveLength(3);
    expect(counting.gameInfo!.timer).toBeGreaterThan(DECIDE_FIRST.publicStartDelayMs - 5000);
    // One leaves while waiting: the seat frees and the countdown goes on with two.
    await c!.call(decideFirst.leaveGame, { gameId: first.gameId });
    expect((await data(c!)).gameInfo).toBeNull();
    expect((await data(a!)).players).toHaveLength(2);
    expect((await a!.callRaw(decideFirst.startPrivateGame, { gameId: first.gameId })).body).toEqual({ success: '0', message: T.noGame });
    await expire(first.gameId);
    expect((await data(b!)).gameInfo).toMatchObject({ status: 'ANSWERING', currentQNum: 1 });
    // A public game that started takes nobody else: the next player opens a new one.
    const later = await c!.call(decideFirst.createOrJoinGame, { gameType: 'public' });
    expect(later.gameId).not.toBe(first.gameId);
    await c!.call(decideFirst.leaveGame, { gameId: later.gameId });
    expect(await db().selectFrom('decide_first_games').select('status').where('id', '=', later.gameId).executeTakeFirstOrThrow()).toEqual({ status: 'GAME_CANCEL' });
    await a!.call(decideFirst.leaveGame, { gameId: first.gameId });
    await closeAll(first.gameId, [a!, b!]);
  });

  it('refuses what the rules do not allow', async () => {
    const [student, other] = await Promise.all([server.signIn('student'), server.signIn('subscription')]);
    expect((await student.callRaw(decideFirst.createOrJoinGame, { gameType: 'private', gameId: 999999 })).body).toEqual({ success: '0', message: T.noGame });
    expect((await student.callRaw(decideFirst.timerSync, { gameId: 999999 })).body).toEqual({ success: '0', message: T.noGame });
    expect((await student.callRaw(decideFirst.leaveGame, { gameId: 999999 })).body).toEqual({ success: '0', message: T.noGame });
    expect((await student.callRaw(decideFirst.createOrJoinGame, { gameType: 'other' })).body.success).toBe('0');
    const { gameId } = await student.call(decideFirst.createOrJoinGame, { gameType: 'private', gameId: '' });
    // One game at a time; asking again for the same game is fine.
    expect((await student.callRaw(decideFirst.createOrJoinGame, { gameType: 'public' })).body).toEqual({ success: '0', message: T.alreadyPlaying });
    expect(await student.call(decideFirst.createOrJoinGame, { gameType: 'private', gameId })).toEqual({ gameId });
    // A stranger cannot read or steer someone else's game.
    expect((await other.callRaw(decideFirst.timerSync, { gameId })).body).toEqual({ success: '0', message: T.noGame });
    expect((await other.callRaw(decideFirst.startPrivateGame, { gameId })).body).toEqual({ success: '0', message: T.noGame });
    expect((await other.callRaw(decideFirst.sendGameAnswer, { gameId, qNum: 1, answer: '1' })).body).toEqual({ success: '0', message: T.noGame });
    expect((await student.callRaw(decideFirst.startPrivateGame, { gameId })).body).toEqual({ success: '0', message: T.fewPlayers });
    await other.call(decideFirst.createOrJoinGame, { gameType: 'private', gameId });
    expect((await other.callRaw(decideFirst.sendGameAnswer, { gameId, qNum: 1, answer: '1' })).body).toEqual({ success: '0', message: T.roundClosed });
    await student.call(decideFirst.startPrivateGame, { gameId });
    expect((await other.callRaw(decideFirst.sendGameAnswer, { gameId, qNum: 1, answer: '' })).body).toEqual({ success: '0', message: T.emptyAnswer });
    expect((await other.callRaw(decideFirst.sendGameAnswer, { gameId, qNum: 2, answer: '1' })).body).toEqual({ success: '0', message: T.roundClosed });
    // A started private game takes nobody else.
    const late = await server.signIn('package');
    expect((await late.callRaw(decideFirst.createOrJoinGame, { gameType: 'private', gameId })).body).toEqual({ success: '0', message: T.notWaiting });
    // An inactive user has no game at all.
    const inactive = await server.signIn('inactive');
    expect((await inactive.callRaw(decideFirst.getGameData, {})).body).toEqual({ success: '0', message: 'Недостаточно прав для этого действия.' });
    await student.call(decideFirst.leaveGame, { gameId });
    await closeAll(gameId, [student, other]);
  });
});
