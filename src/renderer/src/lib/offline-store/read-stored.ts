import type { z } from 'zod';
import type { JsonValue } from './types';

/**
 * A value read back from the offline store, checked against the shape it was written in. What a
 * device kept may come from an older version of the app or a hand-edited store, so it is parsed,
 * never asserted: null when absent or no longer fitting, and the caller leaves such a record alone.
 */
export function readStored<T>(schema: z.ZodType<T>, value: JsonValue | null | undefined): T | null {
  if (value === null || value === undefined) return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
