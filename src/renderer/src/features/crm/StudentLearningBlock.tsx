import { useQuery } from '@tanstack/react-query';
import { ruCrm } from '../../i18n/crm';
import { QueryState } from '../../ui';
import { ActivityBars } from './ActivityBars';
import { crmQueries } from './api';
import { forecastText, overdueText, riskText } from './learning-text';

const t = ruCrm.learning;

/**
 * The card's «Учёба» block: the forecast against the goal, the weakest elements,
 * answers of the last 7 days and overdue work, from the same learning model the student sees.
 */
export function StudentLearningBlock({ userKey }: { userKey: string }) {
  const query = useQuery(crmQueries.learning(userKey));
  return (
    <section className="crm__block crm-learning" aria-labelledby="crm-learning-title" data-testid="crm-learning">
      <h2 id="crm-learning-title" className="crm-learning__title">
        {t.title}
      </h2>
      <QueryState query={query} errorText={(error) => t.error(error.message)} retryLabel={ruCrm.retry}>
        {({ student }) => (
          <div className="crm-learning__grid">
            <div>
              <p className="crm-learning__forecast" data-testid="crm-learning-forecast">
                {forecastText(student)}, {student.goal !== null ? t.goal(student.goal) : t.noGoal}
              </p>
              <p className="crm__muted">{student.enoughData === '1' ? t.basis(student.answers) : t.lowDataBasis(student.answers, student.minAnswers)}</p>
              {student.atRisk === '1' && (
                <p className="crm-learning__risk" data-testid="crm-learning-risk">
                  <span className="crm-risk">{t.risk}</span> {riskText(student)}
                </p>
              )}
            </div>
            <div>
              <h3 className="crm-learning__subtitle">{t.weakest}</h3>
              {student.weakest.length === 0 ? (
                <p className="crm__muted">{t.weakestEmpty}</p>
              ) : (
                <ol className="crm-learning__elements" data-testid="crm-learning-weakest">
                  {student.weakest.map((element) => (
                    <li key={element.code}>
                      <span className="crm-learning__code">{element.code}</span> {element.name} <span className="crm__muted">{t.mastery(element.mastery)}</span>
                    </li>
                  ))}
                </ol>
              )}
            </div>
            <div>
              <h3 className="crm-learning__subtitle">{t.activity}</h3>
              <ActivityBars days={student.activity} />
              <h3 className="crm-learning__subtitle">{t.overdue}</h3>
              <p className={overdueText(student.overdue) ? 'crm__negative' : 'crm__muted'}>{overdueText(student.overdue) || t.overdueNone}</p>
            </div>
          </div>
        )}
      </QueryState>
    </section>
  );
}
