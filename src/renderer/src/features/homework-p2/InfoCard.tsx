import type { getHtP2Camel } from '@shared/contract/homework-p2';
import type { OutputOf } from '@shared/contract/core';
import { ruHomeworkP2 as t } from '../../i18n/homework-p2';

type Info = OutputOf<typeof getHtP2Camel>['htInfo'];

/** Question count, status, deadline, and max points (or the earned ones once checked). */
export function InfoCard({ status, info }: { status: string; info: Info }) {
  // In mistake work the points of the check stay shown: the work is being improved, not redone.
  const mistakeWork = info.mistakeWorkP2 === '1';
  const earned = info.htUserBallovP2 !== null && (mistakeWork || (status !== 'Выполняется' && status !== 'Готово' && status !== 'Самопров'));
  const submitted = info.htUserDateP2 ? `${info.htUserDateP2.split('-').reverse().join('.')} ${info.htUserTimeP2.slice(0, 5)}` : '';
  return (
    <dl className="p2-info" data-testid="p2-info">
      <div>
        <dt>{t.questionCount}</dt>
        <dd>{info.qNumsP2}</dd>
      </div>
      <div>
        <dt>{t.status}</dt>
        <dd data-testid="p2-status">{status === '' ? t.notStarted : status}</dd>
      </div>
      <div>
        <dt>{t.deadline}</dt>
        <dd>{info.htDeadline ? `${info.htDeadline} мск` : t.noDeadline}</dd>
      </div>
      <div>
        <dt>{earned ? (mistakeWork && status === 'Выполняется' ? t.earnedBefore : t.earnedPoints) : t.maxPoints}</dt>
        <dd data-testid="p2-points">{earned ? `${info.htUserBallovP2} / ${info.htUserMaxballovP2}` : info.htUserMaxballovP2}</dd>
      </div>
      {submitted && (
        <div>
          <dt>{t.submitted}</dt>
          <dd>
            {submitted}
            {info.isLate === '1' && (
              <span className="p2-late" data-testid="p2-late">
                {t.late}
              </span>
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}
