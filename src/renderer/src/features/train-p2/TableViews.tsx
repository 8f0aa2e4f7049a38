import { useQuery, useQueryClient } from '@tanstack/react-query';
import { aiCheckDone, type CheckRow, type TableType } from '@shared/contract/train-p2';
import { ruTrainP2 as t } from '../../i18n/train-p2';
import { ApiError } from '../../lib/api-client';
import { usePush } from '../../lib/use-push';
import { Button, ErrorBox, Loader, PersonLink, QueryState } from '../../ui';
import { trainP2Queries } from './api';
import { QuestionImage, ScoreOf } from './QuestionParts';

const failureText = (error: unknown) => (error instanceof ApiError && error.kind === 'failure' ? t.error(error.message) : t.loadError);
/** Who checks a row: 'Назначается' while a classmate is being found, the AI, or the checker (a link, §2). */
function WhoChecks({ row, table }: { row: CheckRow; table: TableType }) {
  if (table === 'checkedByAI') return <>{row.checkStatus === 'aiFailed' ? t.status.aiFailed : t.ai}</>;
  if (row.checkStatus === 'assigning') return <>{t.status.assigning}</>;
  if (row.checkerName === '') return <>{t.status[row.checkStatus]}</>;
  // The row opens on click; following the link should not open it too.
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- not a control: it keeps the link's click and Enter from also opening the row
    <span onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      <PersonLink userKey={row.checkerId} name={row.checkerName} />
    </span>
  );
}

/** A row opens its details once it has a check date (an AI failure opens too, to show why). */
const canOpen = (row: CheckRow) => row.checkDate !== '' || row.checkStatus === 'aiFailed';

/** CheckTableView: task number, chapter, date done, date checked, who checks (§2). */
export function CheckTableView({ table, onOpen, onBack }: { table: TableType; onOpen: (row: CheckRow) => void; onBack: () => void }) {
  const client = useQueryClient();
  const rows = useQuery(trainP2Queries.table(table));
  usePush(aiCheckDone, () => void client.invalidateQueries({ queryKey: trainP2Queries.table('checkedByAI').queryKey }));
  const third = table === 'checkedByMe' ? t.table.author : t.table.checker;
  return (
    <section className="trp2-view" aria-labelledby="trp2-table-title" data-testid={`trp2-table-view-${table}`}>
      <div className="trp2-actions">
        <Button variant="ghost" onClick={onBack} data-testid="trp2-table-back">
          {t.back}
        </Button>
        <h2 className="trp2-question__title" id="trp2-table-title">
          {t.tables[table]}
        </h2>
      </div>
      <QueryState query={rows} errorText={failureText} retryLabel={t.retry} empty={(data) => data.table.length === 0 && t.table.empty}>
        {(data) => (
          <div className="trp2-table-wrap">
            <table className="trp2-table">
              <thead>
                <tr>
                  <th scope="col">{t.table.task}</th>
                  <th scope="col">{t.table.chapter}</th>
                  <th scope="col">{t.table.done}</th>
                  <th scope="col">{t.table.checked}</th>
                  <th scope="col">{third}</th>
                  <th scope="col">{t.table.score}</th>
                </tr>
              </thead>
              <tbody>
                {data.table.map((row) => {
                  const open = canOpen(row);
                  return (
                    <tr
                      key={row.id}
                      className={open ? 'trp2-table__row--open' : undefined}
                      tabIndex={open ? 0 : undefined}
                      onClick={open ? () => onOpen(row) : undefined}
                      onKeyDown={open ? (event) => (event.key === 'Enter' || event.key === ' ') && (event.preventDefault(), onOpen(row)) : undefined}
                      data-testid="trp2-table-row"
                      data-status={row.checkStatus}
                    >
                      <td data-label={t.table.task}>{row.q2TaskNumber}</td>
                      <td data-label={t.table.chapter}>{row.q2Chapter}</td>
                      <td data-label={t.table.done}>{row.userDate}</td>
                      <td data-label={t.table.checked}>{row.checkDate || (row.checkStatus === 'checked' ? '' : t.status[row.checkStatus])}</td>
                      <td data-label={third}>{table === 'checkedByMe' ? row.checkerName : <WhoChecks row={row} table={table} />}</td>
                      <td data-label={t.table.score}>{row.checkStatus === 'checked' ? <ScoreOf ball={row.checkBallov} max={row.maxBall} /> : '—'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </section>
  );
}

/** CheckInfoView: chapter, task number, 'x из max', the student, the question, the answer, the check (§2). */
export function CheckInfoView({ table, checkId, onBack }: { table: TableType; checkId: number; onBack: () => void }) {
  const info = useQuery(trainP2Queries.check(table, checkId));
  const data = info.data?.questionData;
  return (
    <section className="trp2-view" aria-labelledby="trp2-info-title" data-testid="trp2-check-info">
      <div className="trp2-actions">
        <Button variant="ghost" onClick={onBack} data-testid="trp2-info-back">
          {t.back}
        </Button>
      </div>
      {info.isPending ? (
        <Loader />
      ) : info.isError || !data ? (
        <ErrorBox message={failureText(info.error)} onRetry={() => void info.refetch()} retryLabel={t.retry} />
      ) : (
        <>
          <div className="trp2-question__meta">
            <h2 className="trp2-question__title" id="trp2-info-title">
              {t.question(data.q2TaskNumber, data.q2Chapter)}
            </h2>
            {data.checkStatus === 'checked' ? <ScoreOf ball={data.checkBallov} max={data.maxBall} testId="trp2-info-score" /> : <span className="trp2-badge">{t.status[data.checkStatus]}</span>}
          </div>
          <dl className="trp2-compare">
            <div>
              <dt className="muted small">{t.info.student}</dt>
              <dd>
                <PersonLink userKey={data.userVkId} name={data.userName} testId="trp2-info-student" />
              </dd>
            </div>
            <div>
              <dt className="muted small">{t.info.checker}</dt>
              <dd>{table === 'checkedByAI' ? t.ai : data.checkerName || '—'}</dd>
            </div>
          </dl>
          {data.hasImage === '1' && <QuestionImage qId={data.q2Id} />}
          <p className="trp2-question__text">{data.q2Question}</p>
          <h3 className="trp2-subtitle">{t.theAnswer}</h3>
          <p className="trp2-answer" data-testid="trp2-info-answer">
            {data.userAnswer}
          </p>
          <h3 className="trp2-subtitle">{t.info.checkText}</h3>
          <p className={data.checkStatus === 'aiFailed' ? 'trp2-note trp2-note--warn' : 'trp2-answer'} data-testid="trp2-info-check-text">
            {data.checkText || t.info.noCheckText}
          </p>
        </>
      )}
    </section>
  );
}
