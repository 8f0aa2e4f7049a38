import type { RoadLesson } from '@shared/contract/course';
import { Link } from 'react-router';
import { paths } from '../lib/route-names';
import { ruCourse } from '../i18n/course';
import { IconCheck, cx } from '../ui';
import { serverAssetUrl } from '../lib/server-asset-url';
import { lessonProgress, lessonStatusText } from './lesson-texts';
import type { RoadPosition } from './road-layout';

const t = ruCourse.road;
const RING_RADIUS = 46;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

export interface RoadNodeProps {
  lesson: RoadLesson;
  position: RoadPosition;
  /** Centre of the node: x in % of the track, y in px from the chapter's top. */
  x: number;
  y: number;
  /** Opens the lesson in place of the student's route (the editor's preview); without it the node links to the lesson popup. */
  onOpen?: (lessonNum: number) => void;
}

/** One lesson on the road: picture with a progress ring, number, short name and status. Locked lessons are not links. */
export function RoadNode({ lesson, position, x, y, onOpen }: RoadNodeProps) {
  const { lesson_number: num, lesson_short_name: name, status } = lesson;
  const locked = status === 0;
  const statusText = lessonStatusText(status);
  const progress = lessonProgress(status);
  const body = (
    <>
      <span className="road-node__disc">
        <svg className="road-node__ring" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
          <circle className="road-node__ring-track" cx="50" cy="50" r={RING_RADIUS} />
          {progress > 0 && (
            <circle
              className="road-node__ring-fill"
              cx="50"
              cy="50"
              r={RING_RADIUS}
              strokeDasharray={`${RING_LENGTH * progress} ${RING_LENGTH}`}
              transform="rotate(-90 50 50)"
            />
          )}
        </svg>
        {lesson.lesson_img_adr !== '' ? (
          <img className="road-node__img" src={serverAssetUrl(lesson.lesson_img_adr)} alt="" decoding="async" draggable={false} />
        ) : (
          <span className="road-node__img road-node__img--blank" aria-hidden="true" />
        )}
        <span className="road-node__num" aria-hidden="true">
          {num}
        </span>
        {locked && (
          <span className="road-node__badge road-node__badge--lock" aria-hidden="true">
            <LockIcon />
          </span>
        )}
        {status === 4 && (
          <span className="road-node__badge road-node__badge--done" aria-hidden="true">
            <IconCheck size={14} strokeWidth={3} />
          </span>
        )}
      </span>
      <span className="road-node__label">
        <span className="road-node__kicker">{t.lesson(num)}</span>
        <span className="road-node__name">{name}</span>
        <span className={cx('road-node__status', `road-node__status--s${status}`)}>{statusText}</span>
      </span>
    </>
  );
  const label = `${t.lesson(num)}. ${name}. ${statusText}`;
  return (
    <li
      className={cx('road-node', `road-node--${position}`, `road-node--s${status}`, locked && 'road-node--locked')}
      style={{ left: `${x}%`, top: `${y}px` }}
      data-lesson={num}
    >
      {locked ? (
        <div className="road-node__button" aria-disabled="true" aria-label={`${label}. ${t.lockedHint}`} title={t.lockedHint} role="group">
          {body}
        </div>
      ) : onOpen ? (
        <button type="button" className="road-node__button" aria-label={label} onClick={() => onOpen(num)}>
          {body}
        </button>
      ) : (
        <Link className="road-node__button" to={paths.lesson(num)} aria-label={label} preventScrollReset>
          {body}
        </Link>
      )}
    </li>
  );
}

function LockIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}
