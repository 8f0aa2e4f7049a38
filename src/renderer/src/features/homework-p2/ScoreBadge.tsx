import { ruHomeworkP2 as t } from '../../i18n/homework-p2';
import { scoreColor } from './logic';

/** 'ball / max' coloured by the task score rule: full green, zero red, otherwise orange. */
export function ScoreBadge({ ball, max, testId }: { ball: number | null; max: number; testId?: string }) {
  const color = scoreColor(ball, max);
  return (
    <span className={`p2-score p2-score--${color}`} data-color={color} data-testid={testId}>
      {t.scoreOf(ball, max)}
    </span>
  );
}
