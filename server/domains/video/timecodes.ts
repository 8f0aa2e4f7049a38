import type { Db } from '../../db';
import type { DetailedTimecode, ThemeTimecode } from '../../../src/shared/contract/video';

export interface TimecodeLists {
  timecodesDetailedExplanation: DetailedTimecode[];
  timecodesTheme: ThemeTimecode[];
  timecodesHashtag: { timecodeId: number; timeStart: number; timeEnd: number; tag: string }[];
}

/** A video's timecodes by kind, each list by start time; without `withEmpty` themes and hashtags with no text are left out. */
export async function loadTimecodes(db: Db, videoId: number, withEmpty = false): Promise<TimecodeLists> {
  const rows = await db
    .selectFrom('timecodes')
    .select(['id', 'kind', 'time_start', 'time_end', 'description', 'tag'])
    .where('video_id', '=', videoId)
    .orderBy('time_start')
    .orderBy('id')
    .execute();
  const lists: TimecodeLists = { timecodesDetailedExplanation: [], timecodesTheme: [], timecodesHashtag: [] };
  for (const row of rows) {
    if (row.kind === 'DETAILED_EXPLANATION') {
      lists.timecodesDetailedExplanation.push({ timecodeId: row.id, timeStart: row.time_start, timeEnd: row.time_end });
    } else if (row.kind === 'THEME') {
      if (withEmpty || row.description.trim() !== '') lists.timecodesTheme.push({ timecodeId: row.id, timeStart: row.time_start, description: row.description });
    } else if (row.kind === 'HASHTAG') {
      if (withEmpty || row.tag.trim() !== '') lists.timecodesHashtag.push({ timecodeId: row.id, timeStart: row.time_start, timeEnd: row.time_end, tag: row.tag });
    }
  }
  return lists;
}
