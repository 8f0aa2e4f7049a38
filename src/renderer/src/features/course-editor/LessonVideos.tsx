import { useQuery } from '@tanstack/react-query';
import { type getEditorLesson, setLessonVideos } from '@shared/contract/course-editor';
import type { OutputOf } from '@shared/contract/core';
import { ruCourseEditor } from '../../i18n/course-editor';
import { liveRequest } from '../../lib/live-request';
import { Button, Card, IconClose, Select } from '../../ui';
import { courseEditorQueries } from './api';
import { moveBy } from './order';
import { useEdit } from './use-edit';

const t = ruCourseEditor.videos;

type EditorVideo = OutputOf<typeof getEditorLesson>['videos'][number];

/** The lesson card's videos in order, picked from the video admin's list; each change is saved at once. */
export function LessonVideos({ number, videos }: { number: number; videos: EditorVideo[] }) {
  const choices = useQuery(courseEditorQueries.videoChoices());
  const save = useEdit((videoIds: number[]) => liveRequest(setLessonVideos, { number, videoIds }), { done: t.saved });
  const ids = videos.map((video) => video.id);
  const free = (choices.data?.videos ?? []).filter((video) => !ids.includes(video.id));
  const move = (id: number, delta: number) => {
    const next = moveBy(ids, id, delta);
    if (next) save.mutate(next);
  };
  return (
    <Card title={t.title} className="ce-videos">
      {videos.length === 0 ? (
        <p className="ce-muted">{t.empty}</p>
      ) : (
        <ol className="ce-list">
          {videos.map((video, index) => (
            <li key={video.id} className="ce-list__row">
              <span className="ce-list__main">
                <span className="ce-list__title">{video.shownName}</span>
                <span className="ce-list__meta">
                  {video.isMandatory === '1' ? t.required : t.optional}
                  {video.isPublished !== '1' && ` · ${t.draft}`} · {t.status[video.mediaStatus] ?? video.mediaStatus}
                </span>
              </span>
              <span className="ce-list__actions">
                <Button size="sm" variant="ghost" aria-label={t.up(video.shownName)} title={t.up(video.shownName)} aria-disabled={index === 0} onClick={() => move(video.id, -1)}>
                  ↑
                </Button>
                <Button size="sm" variant="ghost" aria-label={t.down(video.shownName)} title={t.down(video.shownName)} aria-disabled={index === videos.length - 1} onClick={() => move(video.id, 1)}>
                  ↓
                </Button>
                <Button size="sm" variant="ghost" aria-label={t.remove(video.shownName)} title={t.remove(video.shownName)} icon={<IconClose size={16} />} onClick={() => save.mutate(ids.filter((id) => id !== video.id))} />
              </span>
            </li>
          ))}
        </ol>
      )}
      {free.length > 0 && (
        <Select
          label={t.add}
          placeholder={t.addPlaceholder}
          options={free.map((video) => ({ value: video.id, label: video.lessonNum !== null ? `${video.shownName} (${t.elsewhere(video.lessonNum)})` : video.shownName }))}
          value={null}
          onChange={(id) => save.mutate([...ids, id])}
          disabled={save.isPending}
        />
      )}
    </Card>
  );
}
