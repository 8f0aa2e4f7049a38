import type { RoadLesson } from '@shared/contract/course';
import { ruCourse } from '../i18n/course';
import { RoadNode } from './RoadNode';
import { chapterColour, chapterHeight, chapterRoadPath, nodeCentreY, POSITION_X, ROAD_HEADING_HEIGHT, roadPosition } from './road-layout';

export interface RoadChapterProps {
  lessons: readonly RoadLesson[];
  chapterIndex: number;
  /** Index of this chapter's first lesson on the whole road, so the zig-zag continues. */
  firstIndex: number;
  /** See RoadNode: the preview opens lessons in place. */
  onOpen?: (lessonNum: number) => void;
}

/** A chapter: its heading on the road, then its lessons zig-zagging along the line. */
export function RoadChapter({ lessons, chapterIndex, firstIndex, onOpen }: RoadChapterProps) {
  const name = lessons[0]?.lesson_chapter ?? '';
  const xs = lessons.map((_, i) => POSITION_X[roadPosition(firstIndex + i)]);
  const height = chapterHeight(lessons.length);
  const headingId = `road-chapter-${chapterIndex}`;
  return (
    <section className={`road-chapter road-chapter--c${chapterColour(chapterIndex)}`} style={{ height }} aria-labelledby={headingId}>
      <svg className="road-chapter__road" viewBox={`0 0 100 ${height}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <path className="road-chapter__band" d={chapterRoadPath(xs)} vectorEffect="non-scaling-stroke" />
        <path className="road-chapter__dash" d={chapterRoadPath(xs)} vectorEffect="non-scaling-stroke" />
      </svg>
      <header className="road-chapter__head" style={{ height: ROAD_HEADING_HEIGHT }}>
        <h2 id={headingId} className="road-chapter__title">
          <span className="road-chapter__count">{ruCourse.road.chapterLessons(lessons.length)}</span>
          <span className="road-chapter__name">{name}</span>
        </h2>
      </header>
      <ol className="road-chapter__lessons">
        {lessons.map((lesson, i) => (
          <RoadNode
            key={lesson.lesson_number}
            lesson={lesson}
            position={roadPosition(firstIndex + i)}
            x={xs[i]!}
            y={nodeCentreY(i)}
            onOpen={onOpen}
          />
        ))}
      </ol>
    </section>
  );
}
