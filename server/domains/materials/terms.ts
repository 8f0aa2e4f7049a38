import { sql } from 'kysely';
import type { Db } from '../../db';
import { normalizeTermName } from '../../search/term-names';

/** LIKE wildcards typed by the user are matched literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export interface FoundTerm {
  name: string;
  definition: string;
  lessonNum: number;
  chapter: string;
}

/** The term named exactly (after normalising), else the shortest one starting with the query; null if none. */
export async function findTerm(db: Db, query: string): Promise<FoundTerm | null> {
  const key = normalizeTermName(query);
  if (key === '') return null;
  const columns = ['name', 'definition', 'lesson_num', 'chapter'] as const;
  const exact = await db.selectFrom('terms').select(columns).where('name_normalized', '=', key).executeTakeFirst();
  const row =
    exact ??
    (await db
      .selectFrom('terms')
      .select(columns)
      .where(sql<boolean>`name_normalized like ${escapeLike(key)} || '%' escape '\\'`)
      .orderBy(sql`length(name_normalized)`)
      .orderBy('name_normalized')
      .limit(1)
      .executeTakeFirst());
  return row ? { name: row.name, definition: row.definition, lessonNum: row.lesson_num, chapter: row.chapter } : null;
}
