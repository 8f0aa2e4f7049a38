import { DEFAULT_SECONDARY_BY_PRIMARY } from '../../src/shared/domain/exam-scale';
import type { Db } from '../db';

/** Admin variable with the primary → secondary table as JSON {"0": 0, "1": 2, …}. */
export const SECONDARY_BALL = 'SECONDARY_BALL';

/** The table as a list (index = primary score); a missing or broken value gives the default scale. */
export function parseSecondaryScale(text: string | undefined): readonly number[] {
  if (!text) return DEFAULT_SECONDARY_BY_PRIMARY;
  try {
    const table = JSON.parse(text) as Record<string, unknown>;
    const scale: number[] = [];
    for (let primary = 0; String(primary) in table; primary += 1) {
      const value = table[String(primary)];
      if (typeof value !== 'number' || !Number.isInteger(value)) return DEFAULT_SECONDARY_BY_PRIMARY;
      scale.push(value);
    }
    return scale.length >= 2 ? scale : DEFAULT_SECONDARY_BY_PRIMARY;
  } catch {
    // A broken value must not break the road or the ratings: fall back to the default scale.
    return DEFAULT_SECONDARY_BY_PRIMARY;
  }
}

export async function examSecondaryScale(db: Db): Promise<readonly number[]> {
  const row = await db.selectFrom('admin_variables').select('value').where('name', '=', SECONDARY_BALL).executeTakeFirst();
  return parseSecondaryScale(row?.value);
}

export const scaleAsTable = (scale: readonly number[]): Record<string, number> => Object.fromEntries(scale.map((secondary, primary) => [String(primary), secondary]));
