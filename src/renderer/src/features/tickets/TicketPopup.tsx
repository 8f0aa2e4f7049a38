import { useMutation, useQuery } from '@tanstack/react-query';
import { makeMessage, TICKET_POLL_MS, TICKET_TYPES, updateMessages, type TicketItem, type TicketMessage } from '@shared/contract/tickets';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { ruTickets } from '../../i18n/tickets';
import { api } from '../../lib/api';
import { Button, cx, EmptyState, ErrorBox, Popup, QueryState, Select } from '../../ui';
import { ticketsQueries } from './api';

const t = ruTickets.ticket;

/** The question popup with its chat; new messages come from the spec's 10 s update_messages poll. */
export function TicketPopup({ ticketId, tasks, onClose, onChanged }: { ticketId: string; tasks: string[]; onClose: () => void; onChanged: () => void }) {
  const opened = useQuery(ticketsQueries.ticket(ticketId));
  const [messages, setMessages] = useState<TicketMessage[]>([]);
  const [ticket, setTicket] = useState<TicketItem | null>(null);
  const [pollError, setPollError] = useState(false);
  const lastId = useRef(0);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState(false);
  const [edit, setEdit] = useState({ status: 'Открыт', taskNumber: '0', ticketType: 'Общий', importance: '5' });

  useEffect(() => {
    if (!opened.data) return;
    setMessages(opened.data.ticketsMessDz);
    setTicket(opened.data.ticketDz);
    lastId.current = Number(opened.data.ticketsMessDz.at(-1)?.messId ?? 0);
    const item = opened.data.ticketDz;
    setEdit({ status: item.status, taskNumber: item.taskNumber, ticketType: item.ticketType, importance: item.importance });
  }, [opened.data]);

  const poll = async () => {
    try {
      const update = await api.call(updateMessages, { ticketId: Number(ticketId), lastMessId: lastId.current }, { handleErrors: true });
      setPollError(false);
      setTicket(update.ticketDz);
      const fresh = update.newMessages.filter((message) => Number(message.messId) > lastId.current);
      if (fresh.length > 0) {
        lastId.current = Number(fresh.at(-1)!.messId);
        setMessages((old) => [...old, ...fresh]);
      }
    } catch {
      setPollError(true);
    }
  };

  // The timer restarts only when the ticket opens or changes; each tick polls with the latest state.
  const onTick = useEffectEvent(() => void poll());
  useEffect(() => {
    if (!opened.data) return;
    const timer = window.setInterval(onTick, TICKET_POLL_MS);
    return () => window.clearInterval(timer);
  }, [opened.data, ticketId]);

  const send = useMutation({
    mutationFn: () =>
      api.call(makeMessage, {
        ticketId: Number(ticketId),
        message: text.trim(),
        ...(editing ? { status: edit.status as 'Открыт' | 'Закрыт', taskNumber: Number(edit.taskNumber), ticketType: edit.ticketType as (typeof TICKET_TYPES)[number], importance: Number(edit.importance) as 5 | 10 } : {}),
      }),
    onSuccess: async () => {
      setText('');
      setEditing(false);
      await poll();
      onChanged();
    },
  });
  // §5: a message needs text unless the edit panel is open.
  const canSend = (text.trim() !== '' || editing) && !send.isPending;
  const canEdit = opened.data?.canEdit === '1';

  return (
    <Popup open onClose={onClose} title={ticket?.questName ?? ruTickets.title} size="lg">
      <QueryState query={opened} errorText={(error) => ruTickets.error(error.message)} retryLabel={ruTickets.retry}>
        {() => (
          ticket && (
            <div className="tickets__ticket">
              <p className="tickets__meta">
                {ruTickets.lessonN(ticket.lessonNumber)} · {ticket.taskNumber === '0' ? ruTickets.allTasks : ruTickets.taskN(ticket.taskNumber)} · {ticket.ticketType} ·{' '}
                <span className={cx(ticket.importance === '10' && 'tickets__urgent')}>{ruTickets.importance[ticket.importance]}</span> ·{' '}
                <span data-testid="ticket-status">{ticket.status}</span>
              </p>
              <p className="tickets__meta">{t.from(ticket.makerName, ticket.whenMade)}</p>
              <p className="tickets__meta">{ticket.responseName ? t.responsible(ticket.responseName) : t.noResponsible}</p>
              <p className="tickets__question">{ticket.comment}</p>
              <h3>{t.messages}</h3>
              {messages.length === 0 ? (
                <EmptyState text={t.noMessages} compact />
              ) : (
                <ol className="tickets__messages" data-testid="ticket-messages" aria-live="polite">
                  {messages.map((message) => (
                    <li key={message.messId} className={cx('tickets__message', message.userRole === 'Вы' && 'tickets__message--mine')}>
                      <div className="tickets__meta">
                        <strong>{message.messMaker}</strong> ({message.userRole}) <time>{message.commentDtime}</time>
                      </div>
                      <p>{message.comment}</p>
                    </li>
                  ))}
                </ol>
              )}
              {pollError && <ErrorBox message={t.refreshError} onRetry={() => void poll()} retryLabel={ruTickets.retry} />}
              {canEdit && (
                <Button variant="secondary" size="sm" onClick={() => setEditing((value) => !value)}>
                  {editing ? t.closeEdit : t.edit}
                </Button>
              )}
              {editing && (
                <div className="tickets__form">
                  <Select label={t.status} value={edit.status} onChange={(value) => setEdit({ ...edit, status: value })} options={ruTickets.statuses.map((value) => ({ value, label: value }))} />
                  <Select label={ruTickets.task} value={edit.taskNumber} onChange={(value) => setEdit({ ...edit, taskNumber: value })} options={tasks.map((value) => ({ value, label: value === '0' ? ruTickets.allTasks : ruTickets.taskN(value) }))} />
                  <Select label={ruTickets.form.type} value={edit.ticketType} onChange={(value) => setEdit({ ...edit, ticketType: value })} options={TICKET_TYPES.map((value) => ({ value, label: value }))} />
                  <Select label={ruTickets.form.importanceLabel} value={edit.importance} onChange={(value) => setEdit({ ...edit, importance: value })} options={Object.entries(ruTickets.importance).map(([value, label]) => ({ value, label }))} />
                </div>
              )}
              {ticket.status === 'Закрыт' && !editing ? (
                <p className="tickets__meta">{t.closed}</p>
              ) : (
                <form
                  className="tickets__reply"
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (canSend) send.mutate();
                  }}
                >
                  <label className="ui-field__label" htmlFor="ticket-message">
                    {t.message}
                  </label>
                  <textarea
                    id="ticket-message"
                    className="ui-input tickets__textarea"
                    rows={3}
                    value={text}
                    maxLength={5000}
                    onChange={(event) => setText(event.target.value)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' && !event.shiftKey) {
                        event.preventDefault();
                        if (canSend) send.mutate();
                      }
                    }}
                  />
                  <Button type="submit" disabled={!canSend} loading={send.isPending}>
                    {t.send}
                  </Button>
                </form>
              )}
              {send.isError && <ErrorBox message={t.sendError(send.error.message)} />}
            </div>
          )
        )}
      </QueryState>
    </Popup>
  );
}
