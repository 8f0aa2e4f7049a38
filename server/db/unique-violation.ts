import { fieldOf } from '../../src/shared/guards';
/** True for a unique-constraint error of either dialect (better-sqlite3 or pg). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = fieldOf(error, 'code');
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
