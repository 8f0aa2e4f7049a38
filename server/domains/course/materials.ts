import { z } from 'zod';
import type { CardMaterial } from '../../../src/shared/contract/course';

const stored = z.array(z.object({ title: z.string(), url: z.string() }));

/** A lesson's stored materials (lessons.materials_json); a damaged value reads as none, never as an error. */
export function parseMaterials(json: string): CardMaterial[] {
  try {
    const parsed = stored.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
