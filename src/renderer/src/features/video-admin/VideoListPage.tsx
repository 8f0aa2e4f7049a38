import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminVideoListItemSchema } from '@shared/contract/video-admin';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ruVideoAdmin } from '../../i18n/video-admin';
import { liveErrorText } from '../../lib/live-request';
import { Accordion, Button, buttonClassName, ErrorBox, Loader, QueryState } from '../../ui';
import { videoAdminQueries } from './api';
import { BulkTranscribePopup } from './BulkTranscribePopup';
import { MediaStatusBadge } from './MediaStatusBadge';
import { serverAssetUrl } from '../../lib/server-asset-url';
import './video-admin.css';

const t = ruVideoAdmin.list;
type Item = z.infer<typeof adminVideoListItemSchema>;

/** Route id of a video not stored yet: «Добавить новое» opens it, the first «Сохранить» creates the row. */
export const NEW_VIDEO_ID = 'new';

/** Groups by lesson number, highest first; videos without a lesson last; newest video first within a group. */
export function groupByLesson(videos: readonly Item[]): Array<{ lesson: string; videos: Item[] }> {
  const groups = new Map<string, Item[]>();
  for (const video of videos) {
    const list = groups.get(video.videoLessonNum) ?? [];
    list.push(video);
    groups.set(video.videoLessonNum, list);
  }
  const rank = (lesson: string) => (lesson === '' ? -1 : Number(lesson));
  return [...groups.entries()]
    .sort(([a], [b]) => rank(b) - rank(a))
    .map(([lesson, list]) => ({ lesson, videos: [...list].sort((x, y) => Number(y.videoId) - Number(x.videoId)) }));
}

/** Back-office §2.12 video list, route curator/video_edit. */
export function VideoListPage() {
  const [bulkOpen, setBulkOpen] = useState(false);
  const list = useQuery(videoAdminQueries.list());

  return (
    <section className="screen video-admin" aria-labelledby="video-admin-title">
      <div className="video-admin__head">
        <h1 id="video-admin-title">{t.title}</h1>
        <div className="video-admin__actions">
          {/* Opens the detail right away (§4); the row is created by its first «Сохранить». */}
          <Link to={`/curator/video_edit/${NEW_VIDEO_ID}`} className={buttonClassName('primary')}>
            {t.add}
          </Link>
          <Button variant="secondary" onClick={() => setBulkOpen(true)}>
            {t.transcribe}
          </Button>
        </div>
      </div>
      {list.data?.mediaProblem && <ErrorBox title={ruVideoAdmin.detail.mediaUnavailable} message={list.data.mediaProblem} />}
      <QueryState query={list} errorText={(error) => t.error(liveErrorText(error))} loading={<Loader label={t.loading} />} empty={(data) => data.videos.length === 0 && t.empty}>
        {(data) => (
          <div className="video-admin__groups">
            {groupByLesson(data.videos).map((group, index) => (
              <Accordion key={group.lesson || 'none'} title={t.lesson(group.lesson)} summary={t.count(group.videos.length)} defaultOpen={index === 0}>
                <ul className="video-admin__cards">
                  {group.videos.map((video) => (
                    <li key={video.videoId}>
                      <VideoCard video={video} />
                    </li>
                  ))}
                </ul>
              </Accordion>
            ))}
          </div>
        )}
      </QueryState>
      <BulkTranscribePopup open={bulkOpen} onClose={() => setBulkOpen(false)} onFinished={() => void list.refetch()} />
    </section>
  );
}

function VideoCard({ video }: { video: Item }) {
  const navigate = useNavigate();
  const preview = serverAssetUrl(video.videoPreview) || null;
  const name = video.videoShownName || video.videoFilename || t.noName;
  return (
    <button type="button" className="video-card" onClick={() => void navigate(`/curator/video_edit/${video.videoId}`)}>
      {preview ? <img className="video-card__preview" src={preview} alt="" loading="lazy" /> : <span className="video-card__preview video-card__preview--none">{t.noPreview}</span>}
      <span className="video-card__body">
        <span className="video-card__name">{name}</span>
        <span className="video-card__meta">
          <span>id-{video.videoId}</span>
          {video.videoChapter && <span>{video.videoChapter}</span>}
        </span>
        <span className="video-card__facts">
          <span>
            {t.mandatory}: {video.videoObyaz === '1' ? t.yes : t.no}
          </span>
          <span>
            {t.published}: {video.videoPublic === '1' ? t.yes : t.no}
          </span>
          <span>
            {t.views}: {video.videoViews}
          </span>
          <span>
            {t.transcript}: {video.hasTranscript === '1' ? t.yes : t.no}
          </span>
        </span>
        <MediaStatusBadge status={video.mediaStatus} />
      </span>
    </button>
  );
}
