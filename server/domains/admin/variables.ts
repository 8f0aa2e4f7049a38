import type { Db } from '../../db';
import type { Dialect } from '../../db/migrations/helpers';

/**
 * Admin settings live in `admin_variables` (name → text). Every write goes through here: the old
 * and the new value are recorded with who and when in `admin_variable_changes`, in the same
 * transaction as the change.
 */

export async function readVariable(db: Db, name: string): Promise<{ value: string; comment: string } | undefined> {
  return db.selectFrom('admin_variables').select(['value', 'comment']).where('name', '=', name).executeTakeFirst();
}

export interface VariableWrite {
  name: string;
  value: string;
  /** Used when the variable does not exist yet. */
  comment: string;
  userId: number;
  now: number;
  /** The value in effect while the variable is not stored (a built-in default), for the log. */
  defaultValue?: string;
  /** How the values are written to the change log (a secret is masked there too). */
  logged?: (value: string) => string;
}

/** Stores a variable and logs the change; an unchanged value is not logged. */
export async function writeVariable(db: Db, dialect: Dialect, write: VariableWrite): Promise<void> {
  const logged = write.logged ?? ((value: string) => value);
  await db.transaction().execute(async (trx) => {
    // Two admins saving at once: the second waits for the first, so its 'old' is the first one's 'new'.
    // SQLite transactions are serial already and have no FOR UPDATE.
    const query = trx.selectFrom('admin_variables').select('value').where('name', '=', write.name);
    const old = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    const before = old?.value ?? write.defaultValue ?? '';
    if (before === write.value) return;
    await trx
      .insertInto('admin_variables')
      .values({ name: write.name, value: write.value, comment: write.comment, is_public: 0, updated_at: write.now })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: write.value, updated_at: write.now }))
      .execute();
    await trx
      .insertInto('admin_variable_changes')
      .values({ name: write.name, old_value: logged(before), new_value: logged(write.value), user_id: write.userId, changed_at: write.now })
      .execute();
  });
}

/** A secret shown as its last four characters. */
export function maskSecret(secret: string): string {
  if (secret === '') return '';
  return `••••${secret.length > 8 ? secret.slice(-4) : ''}`;
}
