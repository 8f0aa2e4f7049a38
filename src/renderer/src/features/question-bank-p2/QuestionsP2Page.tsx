import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { P2ListRow } from '@shared/contract/question-bank-p2';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { rememberLink } from '../../lib/nav-memory';
import { ruQuestionBankP2 } from '../../i18n/question-bank-p2';
import { liveErrorText } from '../../lib/live-request';
import { Button, cx, ErrorBox, QueryState, Select } from '../../ui';
import { DigitizeManyPopup } from './DigitizeManyPopup';
import { questionBankP2Queries } from './api';
import { JumpForm, Pager, pageOf } from './ListChrome';
import type { DialogNeighbours } from '../../questions/QuestionEditorDialog';
import { P2EditDialog } from './P2EditDialog';
import '../question-bank-admin/question-bank-admin.css';
import './question-bank-p2.css';

const t = ruQuestionBankP2;

/** Back-office §2.13: the part 2 bank; `?id=` opens a question's edit dialog, `?id=new` the add dialog. */
export function QuestionsP2Page() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('id') ?? '';
  const openId = raw === 'new' ? 'new' : /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const [task, setTask] = useState(0);
  const [lesson, setLesson] = useState(0);
  const [page, setPage] = useState(1);
  const [manyOpen, setManyOpen] = useState(false);

  useEffect(() => {
    rememberLink('curator', typeof openId === 'number' ? `questions/p2?id=${openId}` : 'questions/p2');
  }, [openId]);

  const list = useQuery(questionBankP2Queries.p2List());
  const rows = useMemo(() => list.data?.questions ?? [], [list.data]);
  const ocrProblem = list.data?.ocrProblem ?? '';
  const lessons = useMemo(() => [...new Set(rows.map((row) => row.qLessonNumber))].sort((a, b) => a - b), [rows]);
  const filtered = rows.filter((row) => (task === 0 || row.qTaskNumber === task) && (lesson === 0 || row.qLessonNumber === lesson));
  const { shown, current, pages } = pageOf(filtered, page);
  const waiting = rows.filter((row) => row.hasPoyasnImage === '1' && row.hasMarkdown === '0').length;

  const open = (id: number | 'new' | null, replace = false) => setParams(id === null ? {} : { id: String(id) }, { replace });
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  /** Creating opens the new question's detail at once; the list follows (§8 when it cannot). */
  const created = (id: number) => {
    setNotice(null);
    open(id, true);
    queryClient.refetchQueries({ queryKey: questionBankP2Queries.p2List().queryKey, exact: true }, { throwOnError: true }).catch(() => setNotice(t.createdNoRefresh));
  };

  return (
    <section className="screen qbank" aria-labelledby="p2bank-title">
      <div className="qbank__head">
        <h1 id="p2bank-title">{t.title}</h1>
        <div className="p2bank__head-actions">
          <Button variant="secondary" onClick={() => setManyOpen(true)} disabled={!list.isSuccess}>
            {t.digitizeMany}
          </Button>
          <Button onClick={() => open('new')}>{t.create}</Button>
        </div>
      </div>
      {ocrProblem && <ErrorBox title={t.ocrUnavailable} message={ocrProblem} />}

      {notice && (
        <p className="qbank__notice" role="alert">
          {notice}
        </p>
      )}
      <div className="qbank__tools" role="group" aria-label={t.filters}>
        <Select<number>
          className="qbank__filter"
          label={t.taskFilter}
          value={task}
          onChange={(value) => (setTask(value), setPage(1))}
          options={[{ value: 0, label: t.allTasks }, ...Array.from({ length: 9 }, (_, i) => ({ value: 17 + i, label: t.task(17 + i) }))]}
        />
        <Select<number>
          className="qbank__filter"
          label={t.lessonFilter}
          value={lesson}
          onChange={(value) => (setLesson(value), setPage(1))}
          options={[{ value: 0, label: t.allLessons }, ...lessons.map((num) => ({ value: num, label: t.lesson(num) }))]}
        />
        <JumpForm inputId="p2bank-jump" ids={rows.map((row) => row.qId)} onOpen={(id) => open(id)} labels={t} />
      </div>

      <QueryState query={list} errorText={(error) => t.loadError(liveErrorText(error))} empty={() => rows.length === 0 ? t.listEmpty : filtered.length === 0 ? t.filteredEmpty : null}>
        {() => (
          <>
            <p className="muted small">{t.total(filtered.length, rows.length)}</p>
            <ul className="qbank__list">
              {shown.map((row) => (
                <P2Row key={row.qId} row={row} onOpen={() => open(row.qId)} />
              ))}
            </ul>
            <Pager current={current} pages={pages} onPage={setPage} labels={t} />
          </>
        )}
      </QueryState>

      {openId !== null && (
        <P2EditDialog
          key={openId}
          questionId={openId}
          onClose={() => open(null)}
          onCreated={created}
          neighbours={neighboursOf(filtered, openId, (id) => open(id, true))}
          ocrProblem={ocrProblem}
        />
      )}
      {manyOpen && <DigitizeManyPopup waiting={waiting} ocrProblem={ocrProblem} onClose={() => setManyOpen(false)} onProgress={() => void list.refetch()} />}
    </section>
  );
}

function neighboursOf(rows: P2ListRow[], id: number | 'new', onOpen: (id: number) => void): DialogNeighbours {
  const index = rows.findIndex((row) => row.qId === id);
  if (index < 0) return { previous: null, next: null, onOpen };
  return { previous: rows[index - 1]?.qId ?? null, next: rows[index + 1]?.qId ?? null, onOpen };
}

function P2Row({ row, onOpen }: { row: P2ListRow; onOpen: () => void }) {
  return (
    <li>
      <button type="button" className="qbank__row" onClick={onOpen} aria-label={`${t.rowTitle(row.qId)}: ${row.shortText || t.noText}`}>
        <span className="qbank__row-id">№{row.qId}</span>
        <span className="qbank__row-main">
          <span className={cx('qbank__row-text', !row.shortText && 'muted')}>{row.shortText || t.noText}</span>
          <span className="qbank__tags">
            <span className="qbank__tag">{t.task(row.qTaskNumber)}</span>
            <span className="qbank__tag">{t.lesson(row.qLessonNumber)}</span>
            <span className="qbank__tag">{t.points(row.qMaxBall)}</span>
            <span className={cx('qbank__tag', row.qPublic === '1' ? 'qbank__tag--ok' : 'qbank__tag--warn')}>{row.qPublic === '1' ? t.published : t.draft}</span>
            {row.is90Plus === '1' && <span className="qbank__tag qbank__tag--hard">{t.plus90}</span>}
            {row.hasQuestionImage === '1' && <span className="qbank__tag">{t.withImage}</span>}
            {row.hasPoyasnImage === '1' && <span className="qbank__tag">{t.withPoyasnImage}</span>}
            {row.hasPoyasnImage === '1' && row.hasMarkdown === '0' && <span className="qbank__tag qbank__tag--warn">{t.noMarkdown}</span>}
            {row.hasCriteria === '0' && <span className="qbank__tag qbank__tag--warn">{t.noCriteria}</span>}
          </span>
        </span>
      </button>
    </li>
  );
}
