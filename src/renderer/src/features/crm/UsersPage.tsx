import { useQuery } from '@tanstack/react-query';
import { USER_TYPE_FILTERS, type QueryType } from '@shared/contract/crm';
import { tariffName } from '@shared/domain/tariffs';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigation, useSearchParams } from 'react-router';
import { ruCrm } from '../../i18n/crm';
import { Button, QueryState, Select, TextField } from '../../ui';
import { crmQueries } from './api';
import './crm.css';
import { isOneOf } from '@shared/guards';

const t = ruCrm.users;
const QUERY_TYPES: QueryType[] = ['search', 'userType', 'curator'];

function isQueryType(value: string | null): value is QueryType {
  return isOneOf(QUERY_TYPES, value);
}

/** Back-office §2.6 users page: search form (queryType, queryBody in the URL), user list, debtors. */
export function UsersPage() {
  const [params, setParams] = useSearchParams();
  const rawType = params.get('queryType');
  const queryType: QueryType = isQueryType(rawType) ? rawType : 'search';
  const queryBody = params.get('queryBody') ?? '';
  const hadParams = isQueryType(rawType);
  const [mode, setMode] = useState<QueryType>(queryType);
  const [text, setText] = useState(queryType === 'search' ? queryBody : '');
  const [type, setType] = useState(queryType === 'userType' ? queryBody : 'Intensive');
  const [curator, setCurator] = useState(queryType === 'curator' ? queryBody : '0');
  const [debtorsOf, setDebtorsOf] = useState('0');

  const curators = useQuery(crmQueries.curators());
  const users = useQuery(crmQueries.users(queryType, queryBody));
  const debtors = useQuery(crmQueries.debtors(debtorsOf));

  // §2.6: without query parameters, once both lists have loaded the page switches to 'by search'.
  // Not while the curator is already going elsewhere (a section link clicked as the lists arrive):
  // the switch is a navigation too and would cancel theirs.
  const leaving = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!hadParams && !leaving && users.isSuccess && debtors.isSuccess) setParams({ queryType: 'search', queryBody: '' }, { replace: true });
  }, [hadParams, leaving, users.isSuccess, debtors.isSuccess, setParams]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = mode === 'search' ? text.trim() : mode === 'userType' ? type : curator;
    setParams({ queryType: mode, queryBody: body });
  };

  const curatorOptions = [
    { value: '0', label: t.me },
    { value: 'all', label: t.all },
    ...(curators.data?.curators ?? []).map((row) => ({ value: row.userVkId, label: `${row.userSurname} ${row.userName}` })),
  ];

  return (
    <section className="screen crm" aria-labelledby="crm-users-title">
      <h1 id="crm-users-title">{t.title}</h1>
      <form className="crm__search" onSubmit={submit} role="search">
        <Select label={t.mode} value={mode} onChange={setMode} options={QUERY_TYPES.map((value) => ({ value, label: t.modes[value] }))} className="crm__mode" />
        {mode === 'search' && <TextField label={t.searchLabel} value={text} onChange={setText} placeholder={t.placeholder} className="crm__text" name="queryBody" />}
        {mode === 'userType' && (
          <Select label={t.typeLabel} value={type} onChange={setType} options={Object.keys(USER_TYPE_FILTERS).map((value) => ({ value, label: t.types[value as keyof typeof t.types] }))} />
        )}
        {mode === 'curator' && <Select label={t.curatorLabel} value={curator} onChange={setCurator} options={curatorOptions} />}
        <Button type="submit">{t.find}</Button>
      </form>

      <h2>{t.listTitle}</h2>
      <QueryState query={users} errorText={(error) => ruCrm.error(error.message)} retryLabel={ruCrm.retry} empty={(data) => data.users.length === 0 && t.empty}>
        {(data) => (
          <>
            {data.limited === '1' && <p className="crm__muted">{t.limited(data.users.length)}</p>}
            <div className="crm__table-wrap">
              <table className="crm__table" data-testid="users-table">
                <thead>
                  <tr>
                    <th>{t.columns.name}</th>
                    <th>{t.columns.type}</th>
                    <th>{t.columns.tg}</th>
                    <th>{t.columns.tariff}</th>
                    <th>{t.columns.curator}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.users.map((user) => (
                    <tr key={user.userVkId}>
                      <td data-label={t.columns.name}>
                        <Link to={`/curator/users/${user.userVkId}`} state={{ fromList: true }}>
                          {user.userSurname} {user.userName}
                        </Link>
                      </td>
                      <td data-label={t.columns.type}>{user.userType}</td>
                      <td data-label={t.columns.tg}>{user.userTgNickname ? `@${user.userTgNickname}` : '—'}</td>
                      <td data-label={t.columns.tariff}>{user.userTarifNum ? tariffName(user.userTarifNum) : '—'}</td>
                      <td data-label={t.columns.curator}>{user.curator || '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </QueryState>

      <div className="crm__debtors-head">
        <h2>{t.debtorsTitle}</h2>
        <Select label={t.curatorLabel} value={debtorsOf} onChange={setDebtorsOf} options={curatorOptions} className="crm__debtors-filter" />
      </div>
      <QueryState query={debtors} errorText={(error) => ruCrm.error(error.message)} retryLabel={ruCrm.retry} empty={(data) => data.debtors.length === 0 && t.debtorsEmpty} emptyCompact>
        {(data) => (
          <div className="crm__table-wrap">
            <table className="crm__table" data-testid="debtors-table">
              <thead>
                <tr>
                  <th>{t.debtorColumns.name}</th>
                  <th>{t.debtorColumns.curator}</th>
                  <th>{t.debtorColumns.p1}</th>
                  <th>{t.debtorColumns.p2}</th>
                  <th>{t.debtorColumns.credits}</th>
                  <th>{t.debtorColumns.balance}</th>
                </tr>
              </thead>
              <tbody>
                {data.debtors.map((debtor) => (
                  <tr key={debtor.userVkId}>
                    <td data-label={t.debtorColumns.name}>
                      <Link to={`/curator/users/${debtor.userVkId}`} state={{ fromList: true }}>
                        {debtor.userSurname} {debtor.userName}
                      </Link>
                    </td>
                    <td data-label={t.debtorColumns.curator}>{`${debtor.curatorSurname} ${debtor.curatorName}`.trim() || '—'}</td>
                    <td data-label={t.debtorColumns.p1}>{debtor.dolgovPart1}</td>
                    <td data-label={t.debtorColumns.p2}>{debtor.dolgovPart2}</td>
                    <td data-label={t.debtorColumns.credits}>{debtor.dolgovAZach}</td>
                    <td data-label={t.debtorColumns.balance} className={debtor.balance < 0 ? 'crm__negative' : undefined}>
                      {debtor.balance.toLocaleString('ru-RU')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </section>
  );
}
