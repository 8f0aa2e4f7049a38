import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreditQuestion } from '@shared/contract/question-bank-p2';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { rememberLink } from '../../lib/nav-memory';
import { ruCreditQuestions, ruQuestionBankP2 } from '../../i18n/question-bank-p2';
import { liveErrorText } from '../../lib/live-request';
import { Button, cx, QueryState, Select } from '../../ui';
import { CreditEditDialog } from './CreditEditDialog';
import { questionBankP2Queries } from './api';
import { JumpForm, Pager, pageOf } from './ListChrome';
import '../question-bank-admin/question-bank-admin.css';
import './question-bank-p2.css';

const t = ruCreditQuestions;

/** Back-office §2.13: the oral-credit bank (questions/zach_verbal); `?id=` opens a question, `?id=new` the add dialog. */
export function CreditQuestionsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('id') ?? '';
  const openId = raw === 'new' ? 'new' : /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const [zachet, setZachet] = useState(0);
  const [page, setPage] = useState(1);

  useEffect(() => {
    rememberLink('curator', typeof openId === 'number' ? `questions/zach_verbal?id=${openId}` : 'questions/zach_verbal');
  }, [openId]);

  const list = useQuery(questionBankP2Queries.creditList());
  const rows = useMemo(() => list.data?.questions ?? [], [list.data]);
  const zachets = useMemo(() => [...new Set(rows.map((row) => row.zachetNum))].sort((a, b) => a - b), [rows]);
  const filtered = rows.filter((row) => zachet === 0 || row.zachetNum === zachet);
  const { shown, current, pages } = pageOf(filtered, page);
  const open = (id: number | 'new' | null, replace = false) => setParams(id === null ? {} : { id: String(id) }, { replace });
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  /** Creating opens the new question's detail at once; the list follows (§8 when it cannot). */
  const created = (id: number) => {
    setNotice(null);
    open(id, true);
    queryClient.refetchQueries({ queryKey: questionBankP2Queries.creditList().queryKey, exact: true }, { throwOnError: true }).catch(() => setNotice(ruQuestionBankP2.createdNoRefresh));
  };
  const index = filtered.findIndex((row) => row.id === openId);

  return (
    <section className="screen qbank" aria-labelledby="zach-title">
      <div className="qbank__head">
        <h1 id="zach-title">{t.title}</h1>
        <Button onClick={() => open('new')} disabled={!list.isSuccess}>
          {t.create}
        </Button>
      </div>
      {notice && (
        <p className="qbank__notice" role="alert">
          {notice}
        </p>
      )}
      <div className="qbank__tools" role="group" aria-label={ruQuestionBankP2.filters}>
        <Select<number>
          className="qbank__filter"
          label={t.zachetFilter}
          value={zachet}
          onChange={(value) => (setZachet(value), setPage(1))}
          options={[{ value: 0, label: t.allZachets }, ...zachets.map((num) => ({ value: num, label: t.zachet(num) }))]}
        />
        <JumpForm inputId="zach-jump" ids={rows.map((row) => row.id)} onOpen={(id) => open(id)} labels={ruQuestionBankP2} />
      </div>
      <QueryState query={list} errorText={(error) => t.loadError(liveErrorText(error))} empty={() => rows.length === 0 ? t.listEmpty : filtered.length === 0 ? t.filteredEmpty : null}>
        {() => (
          <>
            <p className="muted small">{t.total(filtered.length, rows.length)}</p>
            <ul className="qbank__list">
              {shown.map((row) => (
                <CreditRow key={row.id} row={row} onOpen={() => open(row.id)} />
              ))}
            </ul>
            <Pager current={current} pages={pages} onPage={setPage} labels={ruQuestionBankP2} />
          </>
        )}
      </QueryState>
      {openId !== null && list.isSuccess && (
        <CreditEditDialog
          key={openId}
          questionId={openId}
          lessons={list.data.lessons}
          onClose={() => open(null)}
          onCreated={created}
          neighbours={{ previous: index > 0 ? filtered[index - 1]!.id : null, next: index >= 0 ? (filtered[index + 1]?.id ?? null) : null, onOpen: (id) => open(id, true) }}
        />
      )}
    </section>
  );
}

function CreditRow({ row, onOpen }: { row: CreditQuestion; onOpen: () => void }) {
  return (
    <li>
      <button type="button" className="qbank__row" onClick={onOpen} aria-label={`${t.rowTitle(row.id)}: ${row.question}`}>
        <span className="qbank__row-id">№{row.id}</span>
        <span className="qbank__row-main">
          <span className="qbank__row-text">{row.question}</span>
          <span className="qbank__tags">
            <span className="qbank__tag">{t.zachet(row.zachetNum)}</span>
            <span className="qbank__tag">{t.lesson(row.lessonNum)}</span>
            <span className={cx('qbank__tag', row.public === '1' ? 'qbank__tag--ok' : 'qbank__tag--warn')}>{row.public === '1' ? t.published : t.draft}</span>
            {row.plus90 === '1' && <span className="qbank__tag qbank__tag--hard">{t.plus90}</span>}
            {row.trainerAnswers > 0 && <span className="qbank__tag">{t.answers(row.trainerAnswers)}</span>}
          </span>
        </span>
      </button>
    </li>
  );
}
