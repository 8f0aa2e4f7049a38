import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Dialect } from '../../db/migrations/helpers';
import { queryStems } from '../../search/russian-stemmer';

export interface TagMatch {
  id: number;
  video_id: number;
  time_start: number;
  time_end: number;
  tag: string;
  lesson_num: number | null;
  shown_name: string;
}

/** Upper bound of index hits looked at before the access filter. */
const CANDIDATES = 500;

/**
 * Hashtag timecodes whose tag contains every word of the query (by stem, so word forms match;
 * the last word also as a prefix, for typing in progress), most relevant first (shorter tags with
 * the same matches rank higher), then by video and start. Uses the index of migration 0010.
 */
export async function searchTags(db: Db, dialect: Dialect, query: string): Promise<TagMatch[]> {
  const stems = queryStems(query);
  if (stems.length === 0) return [];
  const columns = sql`t.id, t.video_id, t.time_start, t.time_end, t.tag, v.lesson_num, v.shown_name`;
  if (dialect === 'postgres') {
    // Each stem as a prefix lexeme; words are letters and digits only, so nothing needs escaping.
    const tsquery = stems.map((stem) => `${stem}:*`).join(' & ');
    const { rows } = await sql<TagMatch & { rank: number }>`
      select ${columns}, ts_rank(t.tag_search, to_tsquery('simple', ${tsquery}), 1) as rank
      from timecodes t join videos v on v.id = t.video_id
      where t.kind = 'HASHTAG' and t.tag_search @@ to_tsquery('simple', ${tsquery})
      order by rank desc, length(t.tag), t.video_id, t.time_start, t.id
      limit ${CANDIDATES}`.execute(db);
    return rows;
  }
  // FTS5: every stem as a quoted prefix term; bm25 is lower for better matches.
  const match = stems.map((stem) => `"${stem}"*`).join(' AND ');
  const { rows } = await sql<TagMatch>`
    select ${columns}
    from timecode_search s join timecodes t on t.id = s.rowid join videos v on v.id = t.video_id
    where timecode_search match ${match} and t.kind = 'HASHTAG'
    order by bm25(timecode_search), length(t.tag), t.video_id, t.time_start, t.id
    limit ${CANDIDATES}`.execute(db);
  return rows;
}
