import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sendCheckedP2, type StudentHomeworkRow } from '@shared/contract/curator-homework';
import { formatMoscowDateTime } from '@shared/domain/moscow-time';
import { reviewerTransition } from '@shared/domain/reviewer-transitions';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ruCuratorHomework } from '../../i18n/curator-homework';
import { api } from '../../lib/api';
import { Button, Checkbox, EmptyState, ErrorBox, Loader } from '../../ui';
import { curatorHomeworkKeys, curatorHomeworkQueries } from './api';
import { readWorksSnapshot, type WorksSnapshot } from './offline/offline-checks';
import { OfflinePanel } from './offline/OfflinePanel';
import { useOfflineChecks, type OfflineChecksState } from './offline/use-offline-checks';
import './curator-homework.css';

const t = ruCuratorHomework.check;

/** Back-office §2.4 'homework-check': works of one homework (route curator/homeworks/:id). */
export function HomeworkCheckPage() {
  const htNumber = Number(useParams().id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [taskNum, setTaskNum] = useState('');
  const [onlyChecked, setOnlyChecked] = useState(false);
  const [notice, setNotice] = useState('');
  const offline = useOfflineChecks(htNumber);
  const works = useQuery(curatorHomeworkQueries.works(htNumber, offline.scope));
  // Without a connection the list comes from the copy saved last time.
  const [snapshot, setSnapshot] = useState<WorksSnapshot | null>(null);
  const { scope } = offline;
  useEffect(() => {
    if (works.isError && scope) void readWorksSnapshot(scope, htNumber).then(setSnapshot);
  }, [works.isError, htNumber, scope]);
  const data = works.data ?? (works.isError ? snapshot : null);
  const send = useMutation({
    mutationFn: () => api.call(sendCheckedP2, { taskId: htNumber }, { handleErrors: true }),
    onMutate: () => setNotice(''),
    onSuccess: async ({ sent }) => {
      setNotice(`${t.sent}. ${t.sentCount(sent)}`);
      await queryClient.invalidateQueries({ queryKey: curatorHomeworkKeys.all });
    },
  });
  // §5: the task-number button stays disabled unless the number is non-empty and not 0.
  const taskOk = /^\d+$/.test(taskNum.trim()) && Number(taskNum) > 0;

  return (
    <section className="screen curator-hw" aria-labelledby="hw-check-title">
      <Link className="curator-hw__back" to="/curator/homeworks">
        ← {ruCuratorHomework.back}
      </Link>
      <h1 id="hw-check-title">{t.title(htNumber)}</h1>
      {works.isPending ? (
        <Loader />
      ) : !data ? (
        <ErrorBox message={t.error(works.error?.message ?? '')} onRetry={() => void works.refetch()} retryLabel={ruCuratorHomework.retry} />
      ) : (
        <>
          {!works.data && snapshot && (
            <p className="offline-panel__offline" role="status">
              {ruCuratorHomework.offline.staleList(formatMoscowDateTime(snapshot.savedAt))}
            </p>
          )}
          <dl className="curator-hw__facts">
            <div>
              <dt>{t.studentDeadline}</dt>
              <dd>{data.homeTask.htDeadline ? `${data.homeTask.htDeadline} ${data.homeTask.htDeadlineTime}` : t.none}</dd>
            </div>
            <div>
              <dt>{t.curatorDeadline}</dt>
              <dd>{data.homeTask.htDeadlineCur || t.none}</dd>
            </div>
          </dl>
          <form
            className="curator-hw__toolbar"
            aria-label={t.byTask}
            onSubmit={(event) => {
              event.preventDefault();
              if (taskOk) void navigate(`/curator/homeworks/ht_p2_tasks/${htNumber}/${onlyChecked ? 1 : 0}/${Number(taskNum)}`);
            }}
          >
            <label className="task-check__field">
              <span>{t.taskNum}</span>
              <input type="number" min={1} value={taskNum} onChange={(event) => setTaskNum(event.target.value)} />
            </label>
            <Checkbox checked={onlyChecked} onChange={setOnlyChecked} label={t.onlyChecked} />
            <Button type="submit" disabled={!taskOk}>
              {t.open}
            </Button>
            <Button type="button" variant="secondary" loading={send.isPending} onClick={() => send.mutate()}>
              {t.sendAll}
            </Button>
          </form>
          {send.isError && <ErrorBox message={send.error.message} />}
          {data.homeTask.htNumsP2 > 0 && <OfflinePanel htNum={htNumber} state={offline} />}
          {notice && (
            <p className="curator-hw__notice" role="status">
              {notice}
            </p>
          )}
          {data.users.length === 0 ? (
            <EmptyState text={t.empty} />
          ) : (
            <ul className="curator-hw__cards">
              {data.users.map((row) => (
                <li key={row.userVkId}>
                  <WorkCard row={row} htNumber={htNumber} p2Count={data.homeTask.htNumsP2} local={localState(offline, row.userVkId)} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function part(status: string, date: string, time: string, points: number | null, max: number): string {
  if (status === '') return t.notStarted;
  return [status, date && `${date} ${time}`, points !== null && `${points} / ${max}`].filter(Boolean).join(' · ');
}

/**
 * What a work card offers for part 2: checking only a work the student has handed in (the server
 * refuses every check of one still being written), reading a checked one.
 */
function p2Link(status: string): 'check' | 'view' | 'writing' | null {
  if (status === '') return null;
  if (reviewerTransition('endChecking', status) !== null) return 'check';
  if (status === 'Выполняется') return 'writing';
  return 'view';
}

type LocalState = keyof typeof ruCuratorHomework.offline.badge;

/** How a work stands on this device: kept, waiting to be sent, or in conflict. */
function localState(offline: OfflineChecksState, key: string): LocalState | null {
  if (offline.conflicts.some((conflict) => conflict.studentKey === key)) return 'conflict';
  const work = offline.works.find((item) => item.studentKey === key);
  if (!work) return null;
  return work.queued ? 'queued' : 'local';
}

function WorkCard({ row, htNumber, p2Count, local }: { row: StudentHomeworkRow; htNumber: number; p2Count: number; local: LocalState | null }) {
  return (
    <article className="work-card" data-testid={`work-${row.userVkId}`}>
      <p className="work-card__name">
        {row.userSurname} {row.userName}
        {local && (
          <span className={`curator-hw__badge offline-badge offline-badge--${local}`} data-testid="offline-badge">
            {ruCuratorHomework.offline.badge[local]}
          </span>
        )}
        {row.userBlocked === '1' && <span className="curator-hw__badge">{t.blocked}</span>}
        {row.isLate === '1' && <span className="curator-hw__badge curator-hw__late">{t.late}</span>}
      </p>
      <div className="curator-hw__muted">{[row.userTgNickname && `@${row.userTgNickname}`, row.curator].filter(Boolean).join(' · ')}</div>
      <div className="work-card__parts">
        <span>
          {t.part1}: {part(row.htUserStatusP1, row.htUserDateP1, row.htUserTimeP1, row.htUserBallovP1, row.htUserMaxballovP1)}
        </span>
        {row.htUserStatusP1Dop !== '' && (
          <span>
            {t.part1Dop}: {part(row.htUserStatusP1Dop, row.htUserDateP1Dop, row.htUserTimeP1Dop, row.htUserBallovP1Dop, row.htUserMaxballovP1Dop)}
          </span>
        )}
        <span>
          {t.part2}: {part(row.htUserStatusP2, row.htUserDateP2, row.htUserTimeP2, row.htUserBallovP2, row.htUserMaxballovP2)}
          {row.htUserStatusP2 !== '' && row.htUserStatusP2 !== 'Выполняется' && ` · ${t.checked(row.p2CheckedCount, p2Count)}`}
        </span>
      </div>
      <div className="work-card__links">
        {row.htUserStatusP1 !== '' && <Link to={`/curator/homeworks/ht_p1/${htNumber}/0/${row.userVkId}`}>{t.open1}</Link>}
        {row.htUserStatusP1Dop !== '' && <Link to={`/curator/homeworks/ht_p1/${htNumber}/1/${row.userVkId}`}>{t.open1Dop}</Link>}
        {p2Link(row.htUserStatusP2) === 'check' && <Link to={`/curator/homeworks/ht_p2/${htNumber}/${row.userVkId}`}>{t.open2}</Link>}
        {p2Link(row.htUserStatusP2) === 'view' && <Link to={`/curator/homeworks/ht_p2/${htNumber}/${row.userVkId}`}>{t.view2}</Link>}
        {p2Link(row.htUserStatusP2) === 'writing' && <span className="curator-hw__muted">{t.inProgress}</span>}
      </div>
    </article>
  );
}
