import { useQuery } from '@tanstack/react-query';
import { deleteLesson, setLessonPublished } from '@shared/contract/course-editor';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ruCourseEditor } from '../../i18n/course-editor';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { Button, cx, IconChevronLeft, Loader, QueryState, Switch, WarningNote } from '../../ui';
import { courseEditorQueries } from './api';
import { DeleteConfirm } from './DeleteConfirm';
import { CreditsAutoSection, CreditsVerbalSection } from './CreditsSection';
import { HomeworkSection } from './HomeworkSection';
import { LessonForm } from './LessonForm';
import { LessonImage } from './LessonImage';
import { LessonVideos } from './LessonVideos';
import { PreviewPopup } from './PreviewPopup';
import { useEdit } from './use-edit';
import './course-editor.css';

const t = ruCourseEditor.lesson;
const r = ruCourseEditor.lessonRow;

/** One lesson in the course editor (route curator/course/:lessonNum): its fields and everything hanging on it. */
export function LessonEditorPage() {
  const { lessonNum } = useParams();
  const number = Number(lessonNum);
  const navigate = useNavigate();
  const lesson = useQuery({ ...courseEditorQueries.lesson(number), enabled: Number.isInteger(number) && number > 0 });
  const course = useQuery(courseEditorQueries.course());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [preview, setPreview] = useState(false);
  const publish = useEdit((isPublished: '0' | '1') => liveRequest(setLessonPublished, { number, isPublished }), {
    done: (_output, isPublished) => (isPublished === '1' ? r.publishedNotice(number) : r.hiddenNotice(number)),
  });

  return (
    <section className="screen course-editor" aria-labelledby="lesson-editor-title">
      <Link className="ce-back" to="/curator/course">
        <IconChevronLeft size={16} /> {t.back}
      </Link>
      <QueryState query={lesson} errorText={(error) => t.error(liveErrorText(error))} loading={<Loader label={t.loading} />}>
        {(data) => {
          const published = data.lesson.isPublished === '1';
          return (
            <>
              <div className="ce-head">
                <div className="ce-head__text">
                  <h1 id="lesson-editor-title">{t.title(data.lesson.number, data.lesson.shortName)}</h1>
                  <span className={cx('ce-badge', published ? 'ce-badge--on' : 'ce-badge--draft')}>{published ? r.published : r.draft}</span>
                </div>
                <div className="ce-head__actions">
                  <Switch checked={published} onChange={(on) => publish.mutate(on ? '1' : '0')} label={t.publishedSwitch} disabled={publish.isPending} />
                  <Button variant="secondary" onClick={() => setPreview(true)}>
                    {t.preview}
                  </Button>
                  <Button variant="danger" onClick={() => setConfirmDelete(true)}>
                    {t.delete}
                  </Button>
                </div>
              </div>
              {data.lesson.answeredBy > 0 && <WarningNote>{t.answeredNote(data.lesson.answeredBy)}</WarningNote>}
              <div className="ce-lesson-grid">
                <LessonForm key={`${data.lesson.number}`} lesson={data.lesson} chapters={course.data?.chapters ?? []} onRenumbered={(next) => void navigate(`/curator/course/${next}`, { replace: true })} />
                <div className="ce-lesson-side">
                  <LessonImage number={data.lesson.number} name={data.lesson.shortName} imagePath={data.lesson.imagePath} />
                  <LessonVideos number={data.lesson.number} videos={data.videos} />
                </div>
              </div>
              <HomeworkSection lessonNum={data.lesson.number} homeworks={data.homeworks} />
              <CreditsAutoSection lessonNum={data.lesson.number} credits={data.creditsAuto} />
              <CreditsVerbalSection lessonNum={data.lesson.number} credits={data.creditsVerbal} />
              {confirmDelete && (
                <DeleteConfirm
                  title={t.deleteTitle(data.lesson.number)}
                  text={t.deleteText}
                  confirmLabel={t.delete}
                  done={t.deleted}
                  remove={() => liveRequest(deleteLesson, { number })}
                  onDone={() => void navigate('/curator/course')}
                  onClose={() => setConfirmDelete(false)}
                />
              )}
              {preview && <PreviewPopup lessonNum={data.lesson.number} onClose={() => setPreview(false)} />}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
