import { useQuery } from '@tanstack/react-query';
import type { TicketItem } from '@shared/contract/tickets';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ruTickets } from '../../i18n/tickets';
import { Button, cx, EmptyState, QueryState, Select } from '../../ui';
import { ticketsQueries } from './api';
import { NewQuestionPopup } from './NewQuestionPopup';
import { TicketPopup } from './TicketPopup';
import './tickets.css';

const t = ruTickets;

/** Back-office §2.8 'Вопросы по ДЗ': lesson and task selects (query lessonNum, taskNum), two lists, popups. */
export function QuestionsDzPage() {
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [openTicket, setOpenTicket] = useState<string | null>(null);
  const lessons = useQuery(ticketsQueries.lessons());
  const available = lessons.data?.lessonNumsForGetQuestions ?? [];
  // Default: the first available lesson; task '0' means all tasks.
  const lessonNum = params.get('lessonNum') && available.includes(params.get('lessonNum')!) ? params.get('lessonNum')! : available[0] ?? '';
  const taskOptions = lessons.data?.taskNumsForGetQuestions[lessonNum] ?? ['0'];
  const taskNum = params.get('taskNum') && /^\d+$/.test(params.get('taskNum')!) ? params.get('taskNum')! : '0';
  const list = useQuery(ticketsQueries.list(lessonNum, taskNum));
  const choose = (lesson: string, task: string) => setParams({ lessonNum: lesson, taskNum: task });

  return (
    <section className="screen tickets" aria-labelledby="tickets-title">
      <div className="tickets__head">
        <h1 id="tickets-title">{t.title}</h1>
        <Button onClick={() => setCreating(true)} disabled={!lessons.data || lessons.data.lessonNumsForCreateQuestion.length === 0}>
          {t.create}
        </Button>
      </div>
      <QueryState query={lessons} errorText={(error) => t.error(error.message)} retryLabel={t.retry} empty={() => available.length === 0 && t.noLessons}>
        {() => (
          <>
            <div className="tickets__filters">
              <Select label={t.lesson} value={lessonNum} onChange={(value) => choose(value, '0')} options={available.map((value) => ({ value, label: t.lessonN(value) }))} />
              <Select
                label={t.task}
                value={taskOptions.includes(taskNum) ? taskNum : '0'}
                onChange={(value) => choose(lessonNum, value)}
                options={taskOptions.map((value) => ({ value, label: value === '0' ? t.allTasks : t.taskN(value) }))}
              />
            </div>
            <QueryState query={list} errorText={(error) => t.error(error.message)} retryLabel={t.retry}>
              {(data) => (
                <div className="tickets__lists">
                  <TicketList title={t.general} items={data.questionsList} onOpen={setOpenTicket} testId="tickets-general" />
                  <TicketList title={t.unique} items={data.questionsListUnique} onOpen={setOpenTicket} testId="tickets-unique" />
                </div>
              )}
            </QueryState>
          </>
        )}
      </QueryState>
      {creating && lessons.data && (
        <NewQuestionPopup
          open
          onClose={() => setCreating(false)}
          lessons={lessons.data.lessonNumsForCreateQuestion}
          tasks={lessons.data.taskNumsForCreateQuestion}
          defaultLesson={lessons.data.lessonNumsForCreateQuestion.includes(lessonNum) ? lessonNum : lessons.data.lessonNumsForCreateQuestion[0] ?? ''}
          onCreated={(ticketId, lesson) => {
            setCreating(false);
            void lessons.refetch();
            choose(lesson, '0');
            void list.refetch();
            setOpenTicket(ticketId);
          }}
        />
      )}
      {openTicket && (
        <TicketPopup
          ticketId={openTicket}
          tasks={lessons.data?.taskNumsForCreateQuestion[lessonNum] ?? ['0']}
          onClose={() => {
            setOpenTicket(null);
            void list.refetch();
          }}
          onChanged={() => void list.refetch()}
        />
      )}
    </section>
  );
}

function TicketList({ title, items, onOpen, testId }: { title: string; items: TicketItem[]; onOpen: (id: string) => void; testId: string }) {
  return (
    <section className="tickets__list" data-testid={testId}>
      <h2>{title}</h2>
      {items.length === 0 ? (
        <EmptyState text={t.empty} compact />
      ) : (
        <ul>
          {items.map((item) => (
            <li key={item.ticketId}>
              <button type="button" className={cx('tickets__item', item.status === 'Закрыт' && 'tickets__item--closed')} onClick={() => onOpen(item.ticketId)}>
                <span className="tickets__item-name">
                  {item.flagWatched === '0' && <span className="tickets__dot" role="img" aria-label={t.unread} />}
                  {item.questName}
                </span>
                <span className="tickets__meta">
                  {item.taskNumber === '0' ? t.allTasks : t.taskN(item.taskNumber)} · {item.status} · <span className={cx(item.importance === '10' && 'tickets__urgent')}>{t.importance[item.importance]}</span> · {item.makerName}, {item.whenMade}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
