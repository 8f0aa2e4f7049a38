import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/**
 * The Decide First game (learning-area §2 'Decide First game'). Every state lives here, never in
 * one process's memory, so any instance serves any player and a reload continues the game.
 * Deadlines are applied lazily by whichever request reads the game next (server/domains/decide-first).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);
  await withIdColumn(db.schema.createTable('decide_first_games'), dialect)
    .addColumn('game_type', 'text', (col) => col.notNull())
    // WAIT_PLAYERS, ANSWERING, MID_RESULT, GAME_END, GAME_CANCEL.
    .addColumn('status', 'text', (col) => col.notNull())
    // The private game's creator (who may start and cancel it); null for a public game.
    .addColumn('owner_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    // 1 on the one public game that takes players now, null on every other: the unique index below
    // keeps a single open public game even when two instances create one at the same moment.
    .addColumn('open_public_slot', 'integer')
    .addColumn('players_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total_questions', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('current_q', 'integer', (col) => col.notNull().defaultTo(0))
    // When the current phase ends (round, result pause, public start); null = no countdown.
    .addColumn('phase_deadline', instant)
    // Bumped by every change: the wire's lastGameUpdate.
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('started_at', instant)
    .addColumn('finished_at', instant)
    .execute();
  await db.schema.createIndex('decide_first_games_open_public_uq').on('decide_first_games').column('open_public_slot').unique().execute();

  await db.schema
    .createTable('decide_first_players')
    .addColumn('game_id', 'integer', (col) => col.notNull().references('decide_first_games.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // 1 while the player takes part in an unfinished game, null after: with the unique index below
    // a user is in at most one unfinished game, even when two tabs join at once.
    .addColumn('active_slot', 'integer')
    .addColumn('score_tenths', 'integer', (col) => col.notNull().defaultTo(0))
    // Rounds won in a row so far (the coefficient's series) and rounds won in all.
    .addColumn('streak', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rounds_won', 'integer', (col) => col.notNull().defaultTo(0))
    // 'Победил', 'Ничья', 'Проиграл' at the end; 'Проиграл_вышел' for leaving a started game.
    .addColumn('result', 'text')
    // 1 once the player closed the game's end (or cancel) screen: the game is no longer theirs to show.
    .addColumn('dismissed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('joined_at', instant, (col) => col.notNull())
    .addColumn('left_at', instant)
    .addPrimaryKeyConstraint('decide_first_players_pk', ['game_id', 'user_id'])
    .execute();
  await db.schema.createIndex('decide_first_players_active_uq').on('decide_first_players').columns(['user_id', 'active_slot']).unique().execute();
  await db.schema.createIndex('decide_first_players_user_idx').on('decide_first_players').columns(['user_id', 'dismissed', 'game_id']).execute();

  await db.schema
    .createTable('decide_first_rounds')
    .addColumn('game_id', 'integer', (col) => col.notNull().references('decide_first_games.id').onDelete('cascade'))
    .addColumn('q_num', 'integer', (col) => col.notNull())
    .addColumn('question_id', 'integer', (col) => col.notNull().references('questions_p1.id').onDelete('cascade'))
    .addColumn('real_ball', 'integer', (col) => col.notNull())
    .addColumn('started_at', instant)
    .addColumn('deadline', instant)
    // Set once, by the conditional UPDATE that closes the round: its winner (if any) is decided there.
    .addColumn('closed_at', instant)
    .addColumn('winner_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('winner_tenths', 'integer')
    .addPrimaryKeyConstraint('decide_first_rounds_pk', ['game_id', 'q_num'])
    .execute();

  await db.schema
    .createTable('decide_first_answers')
    .addColumn('game_id', 'integer', (col) => col.notNull().references('decide_first_games.id').onDelete('cascade'))
    .addColumn('q_num', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('points', 'integer', (col) => col.notNull())
    .addColumn('is_right', 'integer', (col) => col.notNull())
    .addColumn('answered_at', instant, (col) => col.notNull())
    // One answer per player and round.
    .addPrimaryKeyConstraint('decide_first_answers_pk', ['game_id', 'q_num', 'user_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
