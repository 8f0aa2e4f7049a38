import { useQuery } from '@tanstack/react-query';
import { formatMoscowDateTime } from '@shared/domain/moscow-time';
import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, useParams } from 'react-router';
import { paths } from '../../lib/route-names';
import { ruCourse } from '../../i18n/course';
import { EmptyState, ErrorBox, Loader } from '../../ui';
import { RoadChapter } from '../../course-view/RoadChapter';
import { RoadParallax } from './RoadParallax';
import { loadRoad } from './road-snapshot';
import { initialLesson, parseLessonNum, scrollToTopStepped, UP_BUTTON_AFTER } from './road-scroll';
import '../../course-view/road.css';

const t = ruCourse.road;

export const lessonsRoadKey = ['lessonsRoad'] as const;

/** Learning §2 'Roadmap': the course's lessons grouped by chapter along a zig-zag road; the lesson popup opens over it. */
export function RoadmapPage() {
  const { lessonNum } = useParams();
  const routeLesson = parseLessonNum(lessonNum);
  const road = useQuery({
    queryKey: lessonsRoadKey,
    queryFn: ({ signal }) => loadRoad(signal),
    retry: false,
  });
  const chapters = (road.data?.dataArrayArray ?? []).filter((chapter) => chapter.length > 0);
  useInitialScroll(road.isSuccess ? chapters : null, routeLesson);
  useReturnToLesson(routeLesson);

  let content;
  if (road.isPending) content = <Loader label={t.loading} className="road__state" />;
  else if (road.isError) content = <ErrorBox className="road__state" message={t.error(road.error.message)} onRetry={() => void road.refetch()} />;
  else if (chapters.length === 0) content = <EmptyState className="road__state" text={t.empty} />;
  else {
    let firstIndex = 0;
    content = (
      <div className="road__chapters">
        {chapters.map((lessons, chapterIndex) => {
          const chapter = <RoadChapter key={`${chapterIndex}-${lessons[0]!.lesson_chapter}`} lessons={lessons} chapterIndex={chapterIndex} firstIndex={firstIndex} />;
          firstIndex += lessons.length;
          return chapter;
        })}
        <div className="road__finish" aria-hidden="true" />
      </div>
    );
  }

  return (
    <div className="road">
      <RoadParallax />
      <section className="road__inner" aria-labelledby="road-title">
        <header className="road__head">
          <div>
            <h1 id="road-title" className="road__title" tabIndex={-1}>
              {t.title}
            </h1>
            <p className="road__subtitle">{t.subtitle}</p>
          </div>
          <Link className="road__map-link" to={paths.knowledge_grid()}>
            <MapIcon />
            {t.knowledgeMap}
          </Link>
        </header>
        {road.data && road.data.savedAt !== null && (
          <p className="road__saved" role="status" data-testid="road-saved">
            {t.savedCopy(formatMoscowDateTime(road.data.savedAt))}
          </p>
        )}
        {content}
      </section>
      {lessonNum === undefined && <UpButton />}
      <Outlet />
    </div>
  );
}

/** Once the road has loaded: brings the route's lesson, else the first open unfinished one, to the middle of the screen. */
function useInitialScroll(chapters: Parameters<typeof initialLesson>[0] | null, routeLesson: number | null) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || chapters === null) return;
    done.current = true;
    const target = initialLesson(chapters, routeLesson);
    if (target === null) return;
    const node = document.querySelector<HTMLElement>(`.road-node[data-lesson="${target}"]`);
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    node?.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  }, [chapters, routeLesson]);
}

/** Back from the popup: the lesson just closed stays in view and gets the focus back. */
function useReturnToLesson(routeLesson: number | null) {
  const previous = useRef(routeLesson);
  useEffect(() => {
    const closed = previous.current;
    previous.current = routeLesson;
    if (closed === null || routeLesson !== null) return;
    const link = document.querySelector<HTMLElement>(`.road-node[data-lesson="${closed}"] .road-node__button`);
    link?.scrollIntoView({ block: 'nearest' });
    link?.focus({ preventScroll: true });
  }, [routeLesson]);
}

/** Appears after 1000 px of scroll; goes back up in 25 steps of 10 ms (§9). */
function UpButton() {
  const [visible, setVisible] = useState(false);
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > UP_BUTTON_AFTER);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancel.current?.();
    };
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="road__up"
      aria-label={t.up}
      title={t.up}
      onClick={() => {
        cancel.current?.();
        cancel.current = scrollToTopStepped();
        document.getElementById('road-title')?.focus({ preventScroll: true });
      }}
    >
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M12 19V5M5 12l7-7 7 7" />
      </svg>
    </button>
  );
}

function MapIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <rect x="3" y="3" width="7" height="7" rx="1.5" />
      <rect x="14" y="3" width="7" height="7" rx="1.5" />
      <rect x="3" y="14" width="7" height="7" rx="1.5" />
      <rect x="14" y="14" width="7" height="7" rx="1.5" />
    </svg>
  );
}
