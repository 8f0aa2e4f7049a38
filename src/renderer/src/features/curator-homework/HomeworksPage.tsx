import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ruCuratorHomework } from '../../i18n/curator-homework';
import { QueryState } from '../../ui';
import { useWaitingWorks } from '../../lib/waiting-works';
import { curatorHomeworkQueries } from './api';
import './curator-homework.css';

const t = ruCuratorHomework.list;
const q = ruCuratorHomework.queue;

/**
 * Back-office §2.4 'homeworks', the screen curators and checkers land on: first the
 * queue of works waiting for a check, then the homework table with a 'trial' badge and the count
 * waiting, and the cross-checks table.
 */
export function HomeworksPage() {
  const list = useQuery(curatorHomeworkQueries.list());
  // Every caller of this screen has the 'homework' button: the server refuses the route's calls otherwise.
  const waiting = useWaitingWorks(true);
  const waitingOf = new Map((waiting.data?.homeworks ?? []).map((item) => [item.htNumber, item.waiting]));
  return (
    <section className="screen curator-hw" aria-labelledby="curator-hw-title">
      <h1 id="curator-hw-title">{t.title}</h1>
      <WaitingQueue waiting={waiting} />
      <QueryState query={list} errorText={(error) => t.error(error.message)} retryLabel={ruCuratorHomework.retry} empty={(data) => data.homeTasks.length === 0 && t.empty}>
        {(data) => (
          <>
            <div className="curator-hw__table-wrap">
              <table className="curator-hw__table">
                <thead>
                  <tr>
                    <th>{t.lesson}</th>
                    <th>{t.p1}</th>
                    <th>{t.p2}</th>
                    <th>{t.deadline}</th>
                    <th>{t.waiting}</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {data.homeTasks.map((item) => (
                    <tr key={item.htNumber}>
                      <td>
                        {item.htNumber}
                        {item.isProbnik === 1 && <span className="curator-hw__badge">{t.trial}</span>}
                      </td>
                      <td>{item.htNumsP1}</td>
                      <td>{item.htNumsP2}</td>
                      <td>{item.htDeadline ? `${item.htDeadline} ${item.htDeadlineTime}` : '—'}</td>
                      <td data-testid={`waiting-cell-${item.htNumber}`}>{waiting.data ? (waitingOf.get(item.htNumber) ?? 0) : '…'}</td>
                      <td>
                        <Link to={`/curator/homeworks/${item.htNumber}`}>{t.toWorks}</Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <h2>{t.crossTitle}</h2>
            <div className="curator-hw__table-wrap">
              <table className="curator-hw__table">
                <thead>
                  <tr>
                    <th>{t.lesson}</th>
                    <th>{t.crossStatus}</th>
                    <th>{t.crossDate}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.crossChecks.map((item) => (
                    <tr key={item.htNumber}>
                      <td>
                        {t.lesson} {item.htNumber}
                      </td>
                      <td>{item.htStatus === 1 ? t.crossChecked : t.crossNot}</td>
                      <td>{item.ccCheckDate ? `${item.ccCheckDate} ${item.ccCheckTime}` : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}

/** The checking queue: homeworks with works waiting, in the server's order (own students, then oldest). */
function WaitingQueue({ waiting }: { waiting: ReturnType<typeof useWaitingWorks> }) {
  return (
    <section className="curator-queue" aria-labelledby="curator-queue-title" data-testid="checking-queue">
      <h2 id="curator-queue-title">{q.title}</h2>
      <QueryState query={waiting} errorText={(error) => q.error(error.message)} retryLabel={ruCuratorHomework.retry} empty={(data) => data.homeworks.length === 0 && q.empty} emptyCompact>
        {(data) => (
          <>
            <p className="curator-hw__muted">{q.hint}</p>
            <ul className="curator-queue__list">
              {data.homeworks.map((item) => (
                <li key={item.htNumber} className="curator-queue__item" data-testid={`queue-${item.htNumber}`}>
                  <div className="curator-queue__main">
                    <strong>
                      {q.homework(item.htNumber)}
                      {item.isProbnik === 1 && <span className="curator-hw__badge">{t.trial}</span>}
                    </strong>
                    <span className="curator-queue__count" data-testid="queue-count">
                      {q.works(item.waiting)}
                    </span>
                  </div>
                  <div className="curator-hw__muted">
                    {[item.waitingMine > 0 && item.waitingMine < item.waiting && q.mine(item.waitingMine), item.oldestSubmitDate && q.oldest(item.oldestSubmitDate)].filter(Boolean).join(' · ')}
                  </div>
                  <Link className="curator-queue__link" to={`/curator/homeworks/${item.htNumber}`}>
                    {q.check}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </section>
  );
}
