import { useQuery } from '@tanstack/react-query';
import { USER_TYPES, STAFF_TYPES, type UserType } from '@shared/domain/user-types';
import { useState } from 'react';
import { LessonCardView } from '../../course-view/LessonCardView';
import { RoadChapter } from '../../course-view/RoadChapter';
import { ruCourseEditor } from '../../i18n/course-editor';
import { liveErrorText } from '../../lib/live-request';
import { Button, Loader, Popup, QueryState, Select } from '../../ui';
import { courseEditorQueries } from './api';
import '../../course-view/road.css';
import '../../course-view/lesson-card.css';

const t = ruCourseEditor.preview;

/** Student types a preview can take (staff see the back office, not the road). */
const STUDENT_TYPES = USER_TYPES.filter((type) => !STAFF_TYPES.includes(type));

/**
 * «Посмотреть как ученик»: the road and a lesson card as a new student of the chosen type sees them
 * now, drawn by the student screens' own components (course-view/), links inert.
 */
export function PreviewPopup({ onClose, lessonNum = null }: { onClose: () => void; lessonNum?: number | null }) {
  const [userType, setUserType] = useState<UserType>('Ученик');
  const [lesson, setLesson] = useState<number | null>(lessonNum);
  return (
    <Popup
      open
      onClose={onClose}
      title={t.title}
      size="lg"
      className="ce-preview"
      actions={
        <Button variant="secondary" onClick={onClose}>
          {t.close}
        </Button>
      }
    >
      <div className="ce-preview__bar">
        <Select label={t.userType} options={STUDENT_TYPES.map((type) => ({ value: type, label: type }))} value={userType} onChange={setUserType} />
        {lesson !== null && (
          <Button variant="secondary" onClick={() => setLesson(null)}>
            {t.back}
          </Button>
        )}
      </div>
      {lesson === null ? <PreviewRoad userType={userType} onOpen={setLesson} /> : <PreviewCard userType={userType} lessonNum={lesson} />}
    </Popup>
  );
}

function PreviewRoad({ userType, onOpen }: { userType: UserType; onOpen: (lessonNum: number) => void }) {
  const road = useQuery(courseEditorQueries.previewRoad(userType));
  return (
    <QueryState query={road} errorText={(error) => t.error(liveErrorText(error))} loading={<Loader label={t.loading} />} empty={(data) => data.dataArrayArray.every((chapter) => chapter.length === 0) && t.empty}>
      {(data) => {
        let firstIndex = 0;
        const chapters = data.dataArrayArray.filter((chapter) => chapter.length > 0);
        return (
          <div className="ce-preview__road" aria-label={t.road}>
            <p className="ce-muted">{t.lockedNote}</p>
            <div className="road__chapters">
              {chapters.map((lessons, chapterIndex) => {
                const chapter = <RoadChapter key={`${chapterIndex}-${lessons[0]!.lesson_chapter}`} lessons={lessons} chapterIndex={chapterIndex} firstIndex={firstIndex} onOpen={onOpen} />;
                firstIndex += lessons.length;
                return chapter;
              })}
            </div>
          </div>
        );
      }}
    </QueryState>
  );
}

function PreviewCard({ userType, lessonNum }: { userType: UserType; lessonNum: number }) {
  const card = useQuery(courseEditorQueries.previewCard(userType, lessonNum));
  return (
    <QueryState query={card} errorText={(error) => t.error(liveErrorText(error))} loading={<Loader label={t.loading} />}>
      {(data) => (
        <div className="lesson-pop ce-preview__card">
          <h3 className="ce-preview__lesson">
            <span className="lesson-pop__kicker">{data.lesson.lesson_chapter}</span> {t.lessonTitle(data.lesson.lesson_number, data.lesson.lesson_short_name)}
          </h3>
          <LessonCardView card={data} preview />
        </div>
      )}
    </QueryState>
  );
}
