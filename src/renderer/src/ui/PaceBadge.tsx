import type { Pace } from '@shared/domain/pace';
import { ru } from '../i18n/ru';
import { cx } from './class-names';
import './PaceBadge.css';

/**
 * The class of a pace mark: colour, pattern and glyph together, so the state never rests on
 * colour alone (✓ в порядке, − подтянуть, ! отстаёт, hatching впереди). The knowledge map's
 * cells wear it too, so the legend's swatches look exactly like the cells.
 */
export function paceMarkClass(pace: Pace): string {
  return `ui-pace-mark ui-pace-mark--${pace}`;
}

export interface PaceBadgeProps {
  pace: Pace;
  className?: string;
}

/** A pace state as a mark and its word («отстаёт»), read out as «Состояние: отстаёт». */
export function PaceBadge({ pace, className }: PaceBadgeProps) {
  const word = ru.pace.states[pace];
  return (
    <span className={cx('ui-pace-badge', `ui-pace-badge--${pace}`, className)} data-pace={pace}>
      <span className={paceMarkClass(pace)} aria-hidden="true" />
      <span className="visually-hidden">{ru.pace.statePrefix} </span>
      {word}
    </span>
  );
}
