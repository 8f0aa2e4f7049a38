import type { Pace } from '@shared/domain/pace';
import type { ReactNode } from 'react';
import { ru } from '../i18n/ru';
import { cx } from './class-names';
import { PaceBadge } from './PaceBadge';
import { ProgressBar } from './ProgressBar';
import { fill } from './template';

/** Progress against what was due by now, as the server sends it (chapter mastery, curators' statistics). */
export interface ExpectedProgress {
  /** The share of the material in lessons already due, 0–100. */
  expectedPercent: number;
  /** The solved share of that material, 0–100 (0 when nothing is due). */
  expectedSolvedPercent: number;
  /** The solved share of all the material, due or not. */
  solvedPercent: number;
  pace: Pace;
}

export interface PaceProgressProps {
  label: ReactNode;
  progress: ExpectedProgress;
  /** What the percent of the due material is of, in the genitive: «раздела», «курса». */
  scope: string;
  size?: 'sm' | 'md';
  className?: string;
}

/**
 * A bar that compares with what was due by now: it fills with the solved
 * share of the due material and is coloured by the pace state, whose word stands under it;
 * while nothing is due it shows what was done early, in the neutral «впереди».
 */
export function PaceProgress({ label, progress, scope, size = 'md', className }: PaceProgressProps) {
  const due = progress.expectedPercent > 0;
  const value = due ? progress.expectedSolvedPercent : progress.solvedPercent;
  const note = due
    ? fill(ru.pace.due, { solved: progress.expectedSolvedPercent, expected: progress.expectedPercent, scope })
    : progress.solvedPercent > 0
      ? fill(ru.pace.nothingDueSolved, { solved: progress.solvedPercent })
      : ru.pace.nothingDue;
  return (
    <div className={cx('ui-pace-progress', className)} data-pace={progress.pace}>
      <ProgressBar value={value} pace={progress.pace} size={size} label={label} />
      <p className="ui-pace-progress__note">
        <PaceBadge pace={progress.pace} />
        <span>{note}</span>
      </p>
    </div>
  );
}
