import type { Migration } from 'kysely';
import * as m0001 from './0001-core';

/** Every migration, in order. Forward-only: never edit a landed one, add the next. */
export const migrations: Record<string, Migration> = {
  '0001-core': m0001,
};
