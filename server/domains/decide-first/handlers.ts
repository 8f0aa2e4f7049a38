import { decideFirst } from '../../../src/shared/contract';
import { implement } from '../../contract/implement';
import { answerRound } from './answers';
import { gameData, standings, syncTimer } from './game-view';
import { createOrJoin, leave, startPrivate } from './lobby';

/** Handlers of the Decide First game, one per contract in src/shared/contract/decide-first.ts. */
export const decideFirstHandlers = [
  implement(decideFirst.getGameData, async (ctx) => gameData(ctx.services.db, ctx.user.id, ctx.services.clock.now())),
  implement(decideFirst.getTournamentTableData, async (ctx) => ({ standings: await standings(ctx.services.db) })),
  implement(decideFirst.createOrJoinGame, async (ctx, input) => ({ gameId: await createOrJoin(ctx.services.db, ctx.user.id, input, ctx.services.clock.now()) })),
  implement(decideFirst.leaveGame, async (ctx, input) => {
    await leave(ctx.services.db, ctx.user.id, input.gameId, ctx.services.clock.now());
    return {};
  }),
  implement(decideFirst.timerSync, async (ctx, input) => syncTimer(ctx.services.db, ctx.user.id, input.gameId, ctx.services.clock.now())),
  implement(decideFirst.startPrivateGame, async (ctx, input) => {
    await startPrivate(ctx.services.db, ctx.user.id, input.gameId, ctx.services.clock.now());
    return {};
  }),
  implement(decideFirst.sendGameAnswer, async (ctx, input) => answerRound(ctx.services.db, ctx.user.id, input, ctx.services.clock.now())),
];
