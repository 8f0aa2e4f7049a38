import type { Kysely } from 'kysely';

/**
 * Issue 27 item 1: `npm run admin -- create|reset` gives a one-time password; the account must
 * choose its own at the first sign-in (auth.changeOneTimePassword) before it gets a session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('password_must_change', 'integer', (col) => col.notNull().defaultTo(0)).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
