import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ruCuratorHomework } from '../../i18n/curator-homework';
import { QueryState } from '../../ui';
import { curatorHomeworkQueries } from './api';
import './curator-homework.css';
import { fieldOf } from '@shared/guards';

const t = ruCuratorHomework.p1;

/** The question's text from its stored qJson (questionText, common to every question type). */
function questionText(json: string): string {
  try {
    const text = fieldOf(JSON.parse(json), 'questionText');
    return typeof text === 'string' ? text : '';
  } catch {
    return '';
  }
}

/** Back-office §2.4 'HtP1Result' (route curator/homeworks/ht_p1/:dzNum/:dop/:id). */
export function HtP1ResultPage() {
  const params = useParams();
  const dzNum = Number(params.dzNum);
  const dop = params.dop === '1';
  const userVkId = params.id ?? '';
  const result = useQuery(curatorHomeworkQueries.p1Result(dzNum, dop, userVkId));
  return (
    <section className="screen curator-hw" aria-labelledby="ht-p1-title">
      <Link className="curator-hw__back" to={`/curator/homeworks/${dzNum}`}>
        ← {ruCuratorHomework.back}
      </Link>
      <h1 id="ht-p1-title">{t.title(dzNum, dop)}</h1>
      <QueryState query={result} errorText={(error) => t.error(error.message)} retryLabel={ruCuratorHomework.retry} empty={(data) => data.questions.length === 0 && t.empty}>
        {(data) => (
          <>
            <dl className="curator-hw__facts">
              <div>
                <dt>
                  {data.user.userSurname} {data.user.userName}
                </dt>
                <dd>{data.user.htUserStatusP1}</dd>
              </div>
              <div>
                <dt>{t.total(data.sums.userBall, data.sums.realBall)}</dt>
              </div>
            </dl>
            <ol className="curator-hw__cards">
              {data.questions.map((question) => (
                <li key={question.qNumber} className="work-card">
                  <p className="work-card__name">
                    {question.qNumber}. {t.task(question.qEgeNum)} · {t.points(question.userBall, question.realBall)}
                  </p>
                  {questionText(question.qQuestion) && <p className="task-check__question">{questionText(question.qQuestion)}</p>}
                  <div>
                    {t.answer}: <strong>{question.userAnswer || t.noAnswer}</strong>
                  </div>
                </li>
              ))}
            </ol>
          </>
        )}
      </QueryState>
    </section>
  );
}
