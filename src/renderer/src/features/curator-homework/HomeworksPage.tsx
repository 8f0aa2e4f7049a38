import { useQuery } from '@tanstack/react-query';
import { getDzList } from '@shared/contract/curator-homework';
import { Link } from 'react-router';
import { ruCuratorHomework } from '../../i18n/curator-homework';
import { api } from '../../lib/api';
import { EmptyState, ErrorBox, Loader } from '../../ui';
import './curator-homework.css';

const t = ruCuratorHomework.list;

/** Back-office §2.4 'homeworks': homework table with a 'trial' badge, and the cross-checks table. */
export function HomeworksPage() {
  const list = useQuery({ queryKey: ['curatorHomework', 'list'], queryFn: ({ signal }) => api.call(getDzList, {}, { handleErrors: true, signal }) });
  return (
    <section className="screen curator-hw" aria-labelledby="curator-hw-title">
      <h1 id="curator-hw-title">{t.title}</h1>
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <ErrorBox message={t.error(list.error.message)} onRetry={() => void list.refetch()} retryLabel={ruCuratorHomework.retry} />
      ) : list.data.homeTasks.length === 0 ? (
        <EmptyState text={t.empty} />
      ) : (
        <>
          <div className="curator-hw__table-wrap">
            <table className="curator-hw__table">
              <thead>
                <tr>
                  <th>{t.lesson}</th>
                  <th>{t.p1}</th>
                  <th>{t.p2}</th>
                  <th>{t.deadline}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {list.data.homeTasks.map((item) => (
                  <tr key={item.htNumber}>
                    <td>
                      {item.htNumber}
                      {item.isProbnik === 1 && <span className="curator-hw__badge">{t.trial}</span>}
                    </td>
                    <td>{item.htNumsP1}</td>
                    <td>{item.htNumsP2}</td>
                    <td>{item.htDeadline ? `${item.htDeadline} ${item.htDeadlineTime}` : '—'}</td>
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
                {list.data.crossChecks.map((item) => (
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
    </section>
  );
}
