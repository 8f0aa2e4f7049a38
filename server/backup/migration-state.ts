import { migrations } from '../db/migrations';
import { domainMigrations } from '../domains';

/** Every migration this version of the code knows (the server runs them all at start), in order. */
export function knownMigrations(): string[] {
  return Object.keys({ ...migrations, ...domainMigrations }).sort();
}

/** The applied migrations' names, as Kysely's table lists them, to the manifest's figures. */
export function migrationState(applied: readonly string[]): { migration: string | null; migrations: number } {
  const sorted = [...applied].sort();
  return { migration: sorted.at(-1) ?? null, migrations: sorted.length };
}

/** Russian words for a backup made by a newer version of the code (its last migration unknown here), else null. */
export function newerBackupProblem(migration: string | null): string | null {
  if (migration === null) return null;
  const known = knownMigrations();
  if (known.includes(migration)) return null;
  return (
    `Копия сделана более новой версией Енота (её последняя миграция — ${migration}, эта версия знает миграции до ${known.at(-1)}). ` +
    'Восстанавливайте её кодом той версии, которой она сделана (или новее). Ничего не изменено.'
  );
}
