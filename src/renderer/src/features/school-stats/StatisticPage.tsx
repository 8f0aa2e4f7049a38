import { useQuery } from '@tanstack/react-query';
import { getChaptersStatistics } from '@shared/contract/rating';
import { getListCurators, getUsersStatistics, type UsersStatisticRow } from '@shared/contract/school-stats';
import { useState } from 'react';
import { ruSchoolStats } from '../../i18n/school-stats';
import { liveErrorText, liveRequest, retryLive } from '../../lib/live-request';
import { Accordion, EmptyState, ErrorBox, Loader, Popup, ProgressBar, Select } from '../../ui';
import './school-stats.css';

const t = ruSchoolStats.statistic;

/** Back-office §2.7: 'Рейтинг освоения кураторов' — a curator select, ranked students, chapters popup. */
export function StatisticPage() {
  const curators = useQuery({ queryKey: ['schoolStats', 'curators'], queryFn: () => liveRequest(getListCurators, { onlyCurators: '1' }), retry: retryLive });
  const [chosen, setChosen] = useState<string | null>(null);
  const curatorId = chosen ?? curators.data?.curators[0]?.curatorId ?? null;
  const ranked = useQuery({
    queryKey: ['schoolStats', 'users', curatorId],
    queryFn: () => liveRequest(getUsersStatistics, { curatorId: Number(curatorId) }),
    enabled: curatorId !== null,
    retry: retryLive,
  });
  const [open, setOpen] = useState<UsersStatisticRow | null>(null);

  return (
    <section className="screen school-stats" aria-labelledby="statistic-title">
      <h1 id="statistic-title">{t.title}</h1>
      <Accordion title={t.accordion} defaultOpen>
        {curators.isPending ? (
          <Loader />
        ) : curators.isError ? (
          <ErrorBox message={ruSchoolStats.error(liveErrorText(curators.error))} onRetry={() => void curators.refetch()} retryLabel={ruSchoolStats.retry} />
        ) : (
          <>
            <Select label={t.curator} value={curatorId} onChange={setChosen} placeholder={t.choose} options={curators.data.curators.map((row) => ({ value: row.curatorId, label: row.curatorFullName }))} className="school-stats__select" />
            {ranked.isPending ? (
              curatorId !== null && <Loader />
            ) : ranked.isError ? (
              <ErrorBox message={ruSchoolStats.error(liveErrorText(ranked.error))} onRetry={() => void ranked.refetch()} retryLabel={ruSchoolStats.retry} />
            ) : ranked.data.usersStatistics.length === 0 ? (
              <EmptyState text={t.empty} compact />
            ) : (
              <ol className="school-stats__ranked" data-testid="ranked-students">
                {ranked.data.usersStatistics.map((row) => (
                  <li key={row.userId}>
                    <button type="button" className="school-stats__row" onClick={() => setOpen(row)}>
                      <span className="school-stats__place">{row.place}</span>
                      <ProgressBar value={row.solvedPercent} percent size="sm" label={`${row.userSurname} ${row.userName}${row.tgNickname ? ` · @${row.tgNickname}` : ''}`} />
                    </button>
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </Accordion>
      {open && <ChaptersPopup student={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

function ChaptersPopup({ student, onClose }: { student: UsersStatisticRow; onClose: () => void }) {
  const stats = useQuery({ queryKey: ['schoolStats', 'chapters', student.userId], queryFn: () => liveRequest(getChaptersStatistics, { userId: student.userId }), retry: retryLive });
  return (
    <Popup open onClose={onClose} title={t.chaptersTitle(`${student.userSurname} ${student.userName}`)} size="lg">
      {stats.isPending ? (
        <Loader />
      ) : stats.isError ? (
        <ErrorBox message={ruSchoolStats.error(liveErrorText(stats.error))} onRetry={() => void stats.refetch()} retryLabel={ruSchoolStats.retry} />
      ) : (
        <div className="school-stats__chapters" data-testid="chapters-popup">
          <ProgressBar value={stats.data.solvedPercent} percent label={t.total} />
          <ul>
            {stats.data.chaptersStatistics.map((chapter) => (
              <li key={chapter.chapterName}>
                <ProgressBar value={chapter.chapterSolvedPercent} percent size="sm" label={chapter.chapterName} />
                <p className="school-stats__muted">
                  {t.questions(chapter.numSolvedQuestionsP1, chapter.numQuestionsP1)}
                  {chapter.numQuestionsP2 > 0 && ` · ${t.questionsP2(chapter.numSolvedQuestionsP2, chapter.numQuestionsP2)}`}
                </p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Popup>
  );
}
