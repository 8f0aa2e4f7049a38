import { useQuery } from '@tanstack/react-query';
import { ruAccount } from '../../i18n/account';
import { QueryState } from '../../ui';
import { accountQueries } from './api';
import { failureText } from './errors';

const t = ruAccount.forecast;

/**
 * The ЕГЭ forecast next to the goal: an 80 % interval of the test score from the
 * learning model, or «мало данных», and the three elements that would raise it most. The server
 * computes everything; this only shows it.
 */
export function ExamForecast({ goal }: { goal: string }) {
  const query = useQuery(accountQueries.examForecast());
  return (
    <section className="account-forecast" data-testid="exam-forecast" aria-label={t.title}>
      <QueryState query={query} errorText={(error) => failureText(error, t.error) ?? ''}>
        {(forecast) =>
          forecast.enoughData === '1' ? (
            <>
              <p className="account-forecast__score" data-testid="forecast-score">
                {t.score(forecast.testLow ?? 0, forecast.testHigh ?? 0)}
                {goal.trim() !== '' && <span className="account-forecast__goal">{t.goal(goal.trim())}</span>}
              </p>
              <p className="muted account-forecast__basis">{t.basis(forecast.answers)}</p>
              {forecast.raise.length > 0 && (
                <>
                  <p className="account-forecast__raise-title">{t.raiseTitle}</p>
                  <ol className="account-forecast__raise" data-testid="forecast-raise">
                    {forecast.raise.map((element) => (
                      <li key={element.code}>
                        <span className="account-forecast__code">{element.code}</span> {element.name}{' '}
                        <span className="muted">{t.gain(element.gain)}</span>
                      </li>
                    ))}
                  </ol>
                </>
              )}
            </>
          ) : (
            <>
              <p className="account-forecast__score" data-testid="forecast-score">
                {t.lowData}
                {goal.trim() !== '' && <span className="account-forecast__goal">{t.goal(goal.trim())}</span>}
              </p>
              <p className="muted account-forecast__basis">{t.needMore(forecast.answers, forecast.minAnswers)}</p>
            </>
          )
        }
      </QueryState>
    </section>
  );
}
