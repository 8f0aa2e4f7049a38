import { useQuery } from '@tanstack/react-query';
import type { QuestionListRow } from '@shared/contract/question-bank-admin';
import { QUESTION_TYPES } from '@shared/domain/questions';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { rememberLink } from '../../lib/nav-memory';
import { ruQuestionBankAdmin } from '../../i18n/question-bank-admin';
import { Button, cx, QueryState, Select } from '../../ui';
import { questionBankAdminQueries } from './api';
import { type DialogNeighbours, NEW_QUESTION, QuestionEditDialog } from './QuestionEditDialog';
import './question-bank-admin.css';
import { isOneOf } from '@shared/guards';

const t = ruQuestionBankAdmin;
const PAGE_SIZE = 20;


/** Back-office §2.13: the part 1 bank; `?id=` opens a question's edit dialog. */
export function QuestionsP1Page() {
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id') ?? '');
  // `?id=new`: a question not stored yet; its first «Сохранить» creates it.
  const editing = params.get('id') === NEW_QUESTION ? NEW_QUESTION : Number.isInteger(openId) && openId > 0 ? openId : null;
  const [lesson, setLesson] = useState<number>(0);
  const [type, setType] = useState<string>('');
  const [page, setPage] = useState(1);
  const [jump, setJump] = useState('');
  const [notice, setNotice] = useState<string | null>(null);

  // The open question is part of the remembered curator link (back-office §2.13).
  useEffect(() => {
    rememberLink('curator', typeof editing === 'number' ? `questions/p1?id=${editing}` : 'questions/p1');
  }, [editing]);

  const list = useQuery(questionBankAdminQueries.list());

  const open = (id: number | typeof NEW_QUESTION | null) => setParams(id ? { id: String(id) } : {}, { replace: false });

  const rows = useMemo(() => list.data?.list ?? [], [list.data]);
  const lessons = useMemo(() => [...new Set(rows.map((row) => row.qLessonNum))].sort((a, b) => a - b), [rows]);
  const filtered = rows.filter((row) => (lesson === 0 || row.qLessonNum === lesson) && (type === '' || row.questionType === type));
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = filtered.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  const onJump = (event: FormEvent) => {
    event.preventDefault();
    const id = Number(jump.trim());
    if (Number.isInteger(id) && id > 0) open(id);
  };

  return (
    <section className="screen qbank" aria-labelledby="qbank-title">
      <div className="qbank__head">
        <h1 id="qbank-title">{t.title}</h1>
        <Button
          onClick={() => {
            setNotice(null);
            open(NEW_QUESTION);
          }}
        >
          {t.create}
        </Button>
      </div>
      {notice && (
        <p className="qbank__notice" role="alert">
          {notice}
        </p>
      )}

      <div className="qbank__tools" role="group" aria-label={t.filters}>
        <Select<number>
          className="qbank__filter"
          label={t.lessonFilter}
          value={lesson}
          onChange={(value) => {
            setLesson(value);
            setPage(1);
          }}
          options={[{ value: 0, label: t.allLessons }, ...lessons.map((num) => ({ value: num, label: t.lesson(num) }))]}
        />
        <Select<string>
          className="qbank__filter"
          label={t.typeFilter}
          value={type}
          onChange={(value) => {
            setType(value);
            setPage(1);
          }}
          options={[{ value: '', label: t.allTypes }, ...QUESTION_TYPES.map((value) => ({ value, label: t.types[value] }))]}
        />
        <form className="qbank__jump" onSubmit={onJump}>
          <label className="ui-field__label" htmlFor="qbank-jump">
            {t.jumpLabel}
          </label>
          <div className="qbank__jump-row">
            <input id="qbank-jump" className="ui-input" inputMode="numeric" value={jump} onChange={(event) => setJump(event.target.value.replace(/\D/g, '').slice(0, 9))} />
            <Button type="submit" variant="secondary" disabled={jump === ''}>
              {t.jumpOpen}
            </Button>
          </div>
        </form>
      </div>

      <QueryState query={list} errorText={(error) => t.loadError(error.message)} empty={() => rows.length === 0 ? t.listEmpty : filtered.length === 0 ? t.filteredEmpty : null}>
        {() => (
          <>
            <p className="muted small">{t.total(filtered.length, rows.length)}</p>
            <ul className="qbank__list">
              {shown.map((row) => (
                <QuestionRow key={row.qId} row={row} onOpen={() => open(row.qId)} />
              ))}
            </ul>
            <nav className="qbank__pager" aria-label={t.page(current, pages)}>
              <Button variant="secondary" size="sm" onClick={() => setPage(current - 1)} disabled={current <= 1} aria-label={t.previous}>
                ‹
              </Button>
              <span aria-live="polite">{t.page(current, pages)}</span>
              <Button variant="secondary" size="sm" onClick={() => setPage(current + 1)} disabled={current >= pages} aria-label={t.next}>
                ›
              </Button>
            </nav>
          </>
        )}
      </QueryState>

      {editing !== null && (
        <QuestionEditDialog
          key={editing}
          questionId={editing}
          onClose={() => open(null)}
          onCreated={(id) => setParams({ id: String(id) }, { replace: true })}
          onCreatedNoRefresh={() => setNotice(t.createdNoRefresh)}
          neighbours={editing === NEW_QUESTION ? { previous: null, next: null, onOpen: () => undefined } : neighboursOf(filtered, editing, (id) => setParams({ id: String(id) }, { replace: true }))}
        />
      )}
    </section>
  );
}

/** Previous and next question of the shown (filtered) list, for the dialog's arrows. */
function neighboursOf(rows: QuestionListRow[], id: number, onOpen: (id: number) => void): DialogNeighbours {
  const index = rows.findIndex((row) => row.qId === id);
  if (index < 0) return { previous: null, next: null, onOpen };
  return { previous: rows[index - 1]?.qId ?? null, next: rows[index + 1]?.qId ?? null, onOpen };
}

function QuestionRow({ row, onOpen }: { row: QuestionListRow; onOpen: () => void }) {
  const typeLabel = isOneOf(QUESTION_TYPES, row.questionType) ? t.types[row.questionType] : row.questionType;
  return (
    <li>
      <button type="button" className="qbank__row" onClick={onOpen} aria-label={`${t.rowTitle(row.qId)}: ${row.shortText || t.noText}`}>
        <span className="qbank__row-id">№{row.qId}</span>
        <span className="qbank__row-main">
          <span className={cx('qbank__row-text', !row.shortText && 'muted')}>{row.shortText || t.noText}</span>
          <span className="qbank__tags">
            <span className="qbank__tag">{typeLabel}</span>
            <span className="qbank__tag">{t.ege(row.qEgeNum)}</span>
            <span className="qbank__tag">{t.lesson(row.qLessonNum)}</span>
            <span className={cx('qbank__tag', row.isPublished === '1' ? 'qbank__tag--ok' : 'qbank__tag--warn')}>{row.isPublished === '1' ? t.published : t.draft}</span>
            {row.is90Plus === '1' && <span className="qbank__tag qbank__tag--hard">{t.plus90}</span>}
            {row.isSelfmade === '1' && <span className="qbank__tag">{t.selfmade}</span>}
            {row.hasImage === '1' && <span className="qbank__tag">{t.withImage}</span>}
          </span>
        </span>
      </button>
    </li>
  );
}
