import { useMutation, useQuery } from '@tanstack/react-query';
import { exportGroupProgressXlsx, type StudentLearning } from '@shared/contract/learning';
import { useState } from 'react';
import { Link } from 'react-router';
import { ruCrm } from '../../i18n/crm';
import { downloadSigned } from '../../lib/download';
import { Button, Card, EmptyState, ErrorBox, QueryState, Select } from '../../ui';
import { ActivityBars } from './ActivityBars';
import { crmQueries } from './api';
import { ForecastChart } from './ForecastChart';
import { overdueCount, overdueText, riskText } from './learning-text';
import './crm.css';

const t = ruCrm.group;
const tl = ruCrm.learning;

/**
 * «Группа»: a curator's students — an admin's or a main manager's whole school,
 * or one curator's — with forecast against goal, weak elements, activity, overdue work and risk,
 * and the group's figures: forecast bands, the elements most students miss, who is at risk and
 * how fast part 2 is checked. Downloadable as an xlsx file.
 */
export function GroupPage() {
  const [curatorId, setCuratorId] = useState('');
  const group = useQuery(crmQueries.group(curatorId));
  const download = useMutation({ mutationFn: () => downloadSigned(exportGroupProgressXlsx.path, { curatorId }, t.fileName) });
  const curators = group.data?.curators ?? [];

  return (
    <section className="screen crm crm-group" aria-labelledby="crm-group-title">
      <div className="crm__debtors-head">
        <h1 id="crm-group-title">{t.title}</h1>
        <Button variant="secondary" onClick={() => download.mutate()} loading={download.isPending} disabled={!group.data} data-testid="group-export">
          {t.export}
        </Button>
      </div>
      {download.isError && <ErrorBox message={t.exportError(download.error.message)} />}
      {curators.length > 0 && (
        <Select
          label={t.curator}
          value={curatorId}
          onChange={setCuratorId}
          options={[{ value: '', label: t.allCurators }, ...curators.map((curator) => ({ value: curator.userVkId, label: curator.name }))]}
          className="crm__debtors-filter"
        />
      )}
      <QueryState query={group} errorText={(error) => t.error(error.message)} retryLabel={ruCrm.retry} empty={(data) => data.students.length === 0 && t.empty}>
        {(data) => {
          const atRisk = data.students.filter((row) => row.atRisk === '1');
          const forecasts = data.distribution.reduce((sum, count) => sum + count, 0);
          return (
            <div className="crm-group__body" aria-busy={group.isPlaceholderData}>
              {data.limited === '1' && <p className="crm__muted">{t.limited(data.students.length)}</p>}
              <div className="crm-group__figures" data-testid="group-figures">
                <Figure label={t.students} value={String(data.students.length)} />
                <Figure label={t.atRisk} value={String(atRisk.length)} warn={atRisk.length > 0} />
                <Figure
                  label={t.medianCheck}
                  value={data.medianCheckHours === null ? t.medianNone : t.hours(data.medianCheckHours)}
                  hint={data.medianCheckHours === null ? undefined : t.checkedWorks(data.checkedWorks)}
                />
              </div>
              <div className="crm-group__cards">
                <Card title={t.distribution}>{forecasts === 0 ? <EmptyState text={t.distributionEmpty} compact /> : <ForecastChart bands={data.distribution} />}</Card>
                <Card title={t.missed}>
                  {data.missed.length === 0 ? (
                    <EmptyState text={t.missedEmpty} compact />
                  ) : (
                    <ol className="crm-learning__elements" data-testid="group-missed">
                      {data.missed.map((element) => (
                        <li key={element.code}>
                          <span className="crm-learning__code">{element.code}</span> {element.name} <span className="crm__muted">{t.missedShare(element.below, element.students)}</span>
                        </li>
                      ))}
                    </ol>
                  )}
                </Card>
              </div>
              <Card title={t.riskList}>
                {atRisk.length === 0 ? (
                  <EmptyState text={t.riskEmpty} compact />
                ) : (
                  <ul className="crm-group__risk" data-testid="group-risk">
                    {atRisk.map((row) => (
                      <li key={row.userVkId}>
                        <StudentLink row={row} /> <span className="crm__muted">{riskText(row)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
              <h2>{t.table}</h2>
              <StudentsTable rows={data.students} />
            </div>
          );
        }}
      </QueryState>
    </section>
  );
}

function Figure({ label, value, hint, warn = false }: { label: string; value: string; hint?: string; warn?: boolean }) {
  return (
    <div className="crm-group__figure">
      <span className="crm__muted">{label}</span>
      <strong className={warn ? 'crm__negative' : undefined}>{value}</strong>
      {hint && <span className="crm__muted crm-group__hint">{hint}</span>}
    </div>
  );
}

function StudentLink({ row }: { row: StudentLearning }) {
  return (
    <Link to={`/curator/users/${row.userVkId}`} state={{ fromList: true }}>
      {row.userSurname} {row.userName}
    </Link>
  );
}

function StudentsTable({ rows }: { rows: readonly StudentLearning[] }) {
  const c = t.columns;
  return (
    <div className="crm__table-wrap">
      <table className="crm__table crm-group__table" data-testid="group-table">
        <thead>
          <tr>
            <th>{c.name}</th>
            <th>{c.forecast}</th>
            <th>{c.goal}</th>
            <th>{c.weakest}</th>
            <th>{c.activity}</th>
            <th>{c.overdue}</th>
            <th>{c.risk}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.userVkId} data-risk={row.atRisk === '1' ? '' : undefined}>
              <td data-label={c.name}>
                <StudentLink row={row} />
              </td>
              <td data-label={c.forecast}>{row.enoughData === '1' ? `${row.testLow}–${row.testHigh}` : t.lowData}</td>
              <td data-label={c.goal}>{row.goal ?? '—'}</td>
              <td data-label={c.weakest}>
                {row.weakest.length === 0
                  ? '—'
                  : row.weakest.slice(0, 3).map((element, index) => (
                      // The code is short for the table; its name comes on hover and in the card.
                      <span key={element.code} title={element.name}>
                        {index > 0 && ', '}
                        {element.code} ({tl.mastery(element.mastery)})
                      </span>
                    ))}
              </td>
              <td data-label={c.activity}>
                <ActivityBars days={row.activity} />
              </td>
              <td data-label={c.overdue} title={overdueText(row.overdue) || undefined}>
                {overdueCount(row.overdue)}
              </td>
              <td data-label={c.risk}>{row.atRisk === '1' ? <span className="crm-risk" title={riskText(row)}>{t.riskYes}</span> : t.riskNo}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
