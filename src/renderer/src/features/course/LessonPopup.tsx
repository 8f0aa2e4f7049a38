import { useQuery } from '@tanstack/react-query';
import { LESSON_NOT_FOUND } from '@shared/contract/course';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../lib/route-names';
import { ruCourse } from '../../i18n/course';
import { Button, ErrorBox, Loader, Popup } from '../../ui';
import { LessonCardView } from '../../course-view/LessonCardView';
import { courseQueries } from './api';
import { parseLessonNum } from './road-scroll';
import '../../course-view/lesson-card.css';

const t = ruCourse.lesson;

/** Learning §2 'Lesson popup' (route lesson): the lesson's videos, homework and credits over the roadmap. */
export function LessonPopup() {
  const { lessonNum } = useParams();
  const num = parseLessonNum(lessonNum);
  const navigate = useNavigate();
  const close = () => void navigate(paths.roadmap(), { preventScrollReset: true });
  const card = useQuery(courseQueries.lessonCard(num));

  const lesson = card.data?.lesson;
  const title = lesson ? (
    <span className="lesson-pop__title">
      <span className="lesson-pop__kicker">{t.header(lesson.lesson_chapter, lesson.lesson_number)}</span>
      <span className="lesson-pop__name">{lesson.lesson_short_name}</span>
    </span>
  ) : (
    <span className="lesson-pop__title">
      <span className="lesson-pop__name">{ruCourse.road.lesson(num ?? 0)}</span>
    </span>
  );

  let body;
  if (num === null) body = <ErrorBox message={t.error(LESSON_NOT_FOUND)} />;
  else if (card.isPending) body = <Loader label={t.loading} />;
  else if (card.isError) body = <ErrorBox message={t.error(card.error.message)} onRetry={() => void card.refetch()} />;
  else body = <LessonCardView card={card.data} />;

  return (
    <Popup
      open
      onClose={close}
      title={title}
      size="lg"
      className="lesson-pop"
      actions={
        <Button variant="secondary" onClick={close}>
          {t.back}
        </Button>
      }
    >
      {body}
    </Popup>
  );
}
