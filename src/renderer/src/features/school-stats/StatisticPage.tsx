import { useQuery } from '@tanstack/react-query';
import type { UsersStatisticRow } from '@shared/contract/school-stats';
import { useState } from 'react';
import { ruSchoolStats } from '../../i18n/school-stats';
import { liveErrorText } from '../../lib/live-request';
import { Accordion, Loader, PaceBadge, PaceProgress, Popup, ProgressBar, QueryState, Select } from '../../ui';
import { schoolStatsQueries } from './api';
import './school-stats.css';

const t = ruSchoolStats.statistic;

/**
 * Back-office §2.7: 'Рейтинг освоения кураторов' — a curator select, ranked students, chapters
 * popup. Ranked by the spec's share of the course solved; coloured against what each student was
 * due to know by now, so a student on schedule is never red.
 */
export function StatisticPage() {
  const curators = useQuery(schoolStatsQueries.curators());
  const [chosen, setChosen] = useState<string | null>(null);
  const curatorId = chosen ?? curators.data?.curators[0]?.curatorId ?? null;
  const ranked = useQuery(schoolStatsQueries.ranked(curatorId));
  const [open, setOpen] = useState<UsersStatisticRow | null>(null);

  return (
    <section className="screen school-stats" aria-labelledby="statistic-title">
      <h1 id="statistic-title">{t.title}</h1>
      <Accordion title={t.accordion} defaultOpen>
        <QueryState query={curators} errorText={(error) => ruSchoolStats.error(liveErrorText(error))} retryLabel={ruSchoolStats.retry}>
          {(data) => (
            <>
              <Select label={t.curator} value={curatorId} onChange={setChosen} placeholder={t.choose} options={data.curators.map((row) => ({ value: row.curatorId, label: row.curatorFullName }))} className="school-stats__select" />
              <QueryState query={ranked} errorText={(error) => ruSchoolStats.error(liveErrorText(error))} retryLabel={ruSchoolStats.retry} loading={curatorId !== null && <Loader />} empty={(loaded) => loaded.usersStatistics.length === 0 && t.empty} emptyCompact>
                {(loaded) => (
                  <ol className="school-stats__ranked" data-testid="ranked-students">
                    {loaded.usersStatistics.map((row) => (
                      <li key={row.userId}>
                        <button type="button" className="school-stats__row" onClick={() => setOpen(row)}>
                          <span className="school-stats__place">{row.place}</span>
                          <ProgressBar
                            // Length: the share of the course (what the list ranks by); colour and word: against what is due.
                            value={row.solvedPercent}
                            pace={row.pace}
                            size="sm"
                            label={
                              <>
                                {`${row.userSurname} ${row.userName}${row.tgNickname ? ` · @${row.tgNickname}` : ''}`} <PaceBadge pace={row.pace} className="school-stats__pace" />
                              </>
                            }
                          />
                        </button>
                      </li>
                    ))}
                  </ol>
                )}
              </QueryState>
            </>
          )}
        </QueryState>
      </Accordion>
      {open && <ChaptersPopup student={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

function ChaptersPopup({ student, onClose }: { student: UsersStatisticRow; onClose: () => void }) {
  const stats = useQuery(schoolStatsQueries.chapters(student.userId));
  return (
    <Popup open onClose={onClose} title={t.chaptersTitle(`${student.userSurname} ${student.userName}`)} size="lg">
      <QueryState query={stats} errorText={(error) => ruSchoolStats.error(liveErrorText(error))} retryLabel={ruSchoolStats.retry}>
        {(data) => (
          <div className="school-stats__chapters" data-testid="chapters-popup">
            <PaceProgress label={t.total} progress={data} scope={t.ofCourse} />
            <ul>
              {data.chaptersStatistics.map((chapter) => (
                <li key={chapter.chapterName}>
                  <PaceProgress label={chapter.chapterName} progress={{ ...chapter, solvedPercent: chapter.chapterSolvedPercent }} scope={t.ofChapter} size="sm" />
                  <p className="school-stats__muted">
                    {t.questions(chapter.numSolvedQuestionsP1, chapter.numQuestionsP1)}
                    {chapter.numQuestionsP2 > 0 && ` · ${t.questionsP2(chapter.numSolvedQuestionsP2, chapter.numQuestionsP2)}`}
                  </p>
                </li>
              ))}
            </ul>
          </div>
        )}
      </QueryState>
    </Popup>
  );
}
