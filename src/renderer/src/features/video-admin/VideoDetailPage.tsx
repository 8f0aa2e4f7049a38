import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAPTER_REQUIRED, createVideo, deleteVideo, updateVideo, type AdminVideo } from '@shared/contract/video-admin';
import { videoMediaUpdated } from '@shared/contract/video-media';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ruVideoAdmin } from '../../i18n/video-admin';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { Button, buttonClassName, Card, ConfirmPopup, ErrorBox, Loader, QueryState, Select, TextField, useNotify } from '../../ui';
import { MediaUploadCard } from './MediaUploadCard';
import { PlayerSlot } from './PlayerSlot';
import { TranscriptCard } from './TranscriptCard';
import { usePush } from '../../lib/use-push';
import { NEW_VIDEO_ID } from './VideoListPage';
import { videoAdminQueries } from './api';
import './video-admin.css';

const t = ruVideoAdmin.detail;
const NEW_CHAPTER = '\u0000new';

/** A blank form: nothing is stored until the first save, so leaving it leaves no empty row. */
const BLANK_VIDEO: AdminVideo = {
  videoId: '',
  videoFilename: '',
  videoLessonNum: '',
  videoShownName: '',
  videoChapter: '',
  videoDescription: '',
  videoObyaz: '1',
  videoPublic: '0',
  videoPreview: '',
  videoViews: '0',
  videoTranscribingJson: '',
  videoTranscribingSrt: '',
  mediaStatus: 'none',
  mediaError: '',
  durationMs: '0',
};

/** Back-office §2.12 video detail, route curator/video_edit/:videoId. */
export function VideoDetailPage() {
  const { videoId = '' } = useParams();
  const isNew = videoId === NEW_VIDEO_ID;
  const video = useQuery(videoAdminQueries.video(videoId, !isNew));

  // The transcode job tells the uploader when it is done; polling covers everyone else.
  usePush(videoMediaUpdated, (body) => {
    if (String(body.videoId) === videoId) void video.refetch();
  });

  return (
    <section className="screen video-detail" aria-labelledby="video-detail-title">
      <div className="video-admin__head">
        <Link to="/curator/video_edit" className={buttonClassName('secondary', { size: 'sm' })}>
          {t.back}
        </Link>
        <h1 id="video-detail-title">{isNew ? t.newTitle : t.title(videoId)}</h1>
        {video.data && video.data.video.mediaStatus !== 'none' && (
          <Link to={`/curator/timecodes/${videoId}`} className={buttonClassName('secondary')}>
            {t.timecodes}
          </Link>
        )}
      </div>
      {isNew ? (
        <VideoDetail video={BLANK_VIDEO} configured={false} mediaProblem="" reload={() => undefined} />
      ) : (
        <QueryState query={video} errorText={(error) => liveErrorText(error)} errorTitle={t.loadError} loading={<Loader label={t.loading} />}>
          {(data) => (
            <VideoDetail
              key={data.video.videoId}
              video={data.video}
              configured={data.transcriptionConfigured === '1'}
              mediaProblem={data.mediaProblem}
              reload={() => void video.refetch()}
            />
          )}
        </QueryState>
      )}
    </section>
  );
}

function VideoDetail({ video, configured, mediaProblem, reload }: { video: AdminVideo; configured: boolean; mediaProblem: string; reload: () => void }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const chapters = useQuery(videoAdminQueries.chapters());
  const [lessonNum, setLessonNum] = useState(video.videoLessonNum);
  const [name, setName] = useState(video.videoShownName);
  const [chapter, setChapter] = useState(video.videoChapter);
  const [newChapter, setNewChapter] = useState('');
  const [description, setDescription] = useState(video.videoDescription);
  const [mandatory, setMandatory] = useState(video.videoObyaz);
  const [published, setPublished] = useState(video.videoPublic);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const chapterOptions = [
    ...(chapters.data?.chapters ?? (video.videoChapter ? [video.videoChapter] : [])).map((value) => ({ value, label: value })),
    { value: NEW_CHAPTER, label: t.chapterNew },
  ];
  const yesNo = [
    { value: '1' as const, label: t.yes },
    { value: '0' as const, label: t.no },
  ];

  const isNew = video.videoId === '';
  const save = useMutation({
    mutationFn: async () => {
      const chosen = chapter === NEW_CHAPTER ? newChapter.trim() : chapter.trim();
      if (chosen === '') throw new Error(CHAPTER_REQUIRED);
      if (lessonNum.trim() !== '' && !/^\d{1,6}$/.test(lessonNum.trim())) throw new Error(t.lessonInvalid);
      const videoFields = {
        videoLessonNum: lessonNum.trim(),
        videoShownName: name,
        videoChapter: chosen,
        videoDescription: description,
        videoObyaz: mandatory,
        videoPublic: published,
      };
      if (!isNew) {
        await liveRequest(updateVideo, { videoId: video.videoId, videoFields });
        return video.videoId;
      }
      // The first save: the spec's create, then the fields. Should the fields be refused, the new
      // row goes again, so a failed first save leaves nothing behind either.
      const { videoId } = await liveRequest(createVideo, {});
      try {
        await liveRequest(updateVideo, { videoId, videoFields });
      } catch (error) {
        await liveRequest(deleteVideo, { videoId }).catch(() => undefined);
        throw error;
      }
      return videoId;
    },
    onMutate: () => setFormError(null),
    onSuccess: (videoId) => {
      notify(t.saved, { tone: 'success' });
      void queryClient.invalidateQueries({ queryKey: videoAdminQueries.list().queryKey });
      void queryClient.invalidateQueries({ queryKey: videoAdminQueries.chapters().queryKey });
      if (isNew) void navigate(`/curator/video_edit/${videoId}`, { replace: true });
      else reload();
    },
    onError: (error) => setFormError(liveErrorText(error)),
  });

  const remove = useMutation({
    mutationFn: () => liveRequest(deleteVideo, { videoId: video.videoId }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: videoAdminQueries.list().queryKey });
      void navigate('/curator/video_edit');
    },
  });

  return (
    <div className="video-detail__grid">
      {isNew ? (
        <Card title={t.mediaLater} className="video-detail__later">
          <p className="muted">{t.mediaLaterText}</p>
        </Card>
      ) : (
        <MediaUploadCard video={video} mediaProblem={mediaProblem} onUploaded={reload} />
      )}
      {video.mediaStatus === 'ready' && (
        <Card title={t.player} className="video-detail__player" aria-label={video.videoShownName || video.videoFilename}>
          <PlayerSlot videoId={video.videoId} ready />
        </Card>
      )}
      <Card title={t.formTitle} className="video-detail__form">
        <form
          className="video-detail__fields"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <TextField label={t.lessonNum} value={lessonNum} onChange={setLessonNum} inputMode="numeric" hint={t.lessonHint} maxLength={6} />
          <TextField label={t.name} value={name} onChange={setName} maxLength={300} />
          <Select label={t.chapter} options={chapterOptions} value={chapter || null} onChange={setChapter} placeholder={t.chapterPick} />
          {chapter === NEW_CHAPTER && <TextField label={t.chapterNewName} value={newChapter} onChange={setNewChapter} maxLength={200} autoFocus />}
          <div className="ui-field">
            <label className="ui-field__label" htmlFor="video-description">
              {t.description}
            </label>
            <textarea id="video-description" className="ui-input video-detail__description" value={description} onChange={(event) => setDescription(event.target.value)} maxLength={20000} />
          </div>
          <div className="video-detail__selects">
            <Select label={t.mandatory} options={yesNo} value={mandatory} onChange={setMandatory} />
            <Select label={t.published} options={yesNo} value={published} onChange={setPublished} />
          </div>
          {formError && <ErrorBox message={t.saveError(formError)} />}
          <div className="video-detail__row">
            <Button type="submit" loading={save.isPending}>
              {t.save}
            </Button>
            {isNew ? (
              <Link to="/curator/video_edit" className={buttonClassName('secondary')}>
                {t.cancelNew}
              </Link>
            ) : (
              <Button variant="danger" onClick={() => setConfirmDelete(true)}>
                {t.delete}
              </Button>
            )}
          </div>
        </form>
      </Card>
      {!isNew && <TranscriptCard video={video} configured={configured} onFinished={reload} />}
      <ConfirmPopup
        open={confirmDelete}
        title={t.deleteTitle}
        text={t.deleteText}
        confirmLabel={t.deleteConfirm}
        danger
        onConfirm={() => remove.mutateAsync().catch(() => undefined)}
        onCancel={() => {
          setConfirmDelete(false);
          remove.reset();
        }}
        error={remove.isError ? t.deleteError(liveErrorText(remove.error)) : undefined}
      />
    </div>
  );
}
