import type { getVideoLesson } from '@shared/contract/video';
import type { OutputOf } from '@shared/contract';
import { ruVideoLesson } from '../../i18n/video';
import { Accordion } from '../../ui';
import { formatTime } from '../../ui/video/format-time';
import { LinkifiedText } from './LinkifiedText';

const t = ruVideoLesson.lesson;

/** The side panel: timecode themes and hashtags (a click seeks the player) and 'Дополнительно'. */
export function TimecodePanel({ data, canSeek, onSeek }: { data: OutputOf<typeof getVideoLesson>; canSeek: boolean; onSeek: (ms: number) => void }) {
  const { timecodesTheme: themes, timecodesHashtag: hashtags } = data;
  const description = data.dataArray.video_description.trim();
  return (
    <aside className="video-lesson__side">
      <Accordion title={t.timecodes} summary={themes.length > 0 ? String(themes.length) : undefined} defaultOpen headingLevel={2}>
        {themes.length === 0 && hashtags.length === 0 ? (
          <p className="muted">{t.noTimecodes}</p>
        ) : (
          <>
            {themes.length > 0 && (
              <ol className="video-timecodes" aria-label={t.themes}>
                {themes.map((theme) => (
                  <li key={theme.timecodeId}>
                    <button
                      type="button"
                      className="video-timecodes__item"
                      disabled={!canSeek}
                      onClick={() => onSeek(theme.timeStart)}
                      aria-label={t.seekTo(formatTime(theme.timeStart), theme.description)}
                    >
                      <span className="video-timecodes__time">{formatTime(theme.timeStart)}</span>
                      <span className="video-timecodes__text">{theme.description}</span>
                    </button>
                  </li>
                ))}
              </ol>
            )}
            {hashtags.length > 0 && (
              <ul className="video-hashtags" aria-label={t.hashtags}>
                {hashtags.map((tag) => (
                  <li key={tag.timecodeId}>
                    <button type="button" className="video-hashtags__tag" disabled={!canSeek} onClick={() => onSeek(tag.timeStart)}>
                      #{tag.tag}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Accordion>
      <Accordion title={t.more} headingLevel={2}>
        {description === '' ? <p className="muted">{t.noMore}</p> : <p className="video-lesson__description"><LinkifiedText text={description} /></p>}
      </Accordion>
    </aside>
  );
}
