import { queryOptions } from '@tanstack/react-query';
import { getAvailableLessons, questionsList, supportTicketDz } from '@shared/contract/tickets';
import { api } from '../../lib/api';

const ROOT = 'tickets';

/** The homework questions screen's queries, each key written once. */
export const ticketsQueries = {
  /** The lessons (and their tasks) that have questions. */
  lessons: () => queryOptions({ queryKey: [ROOT, 'lessons'], queryFn: ({ signal }) => api.call(getAvailableLessons, {}, { handleErrors: true, signal }) }),
  /** The questions of a lesson, of one task or ('0') all; waits until a lesson is known. */
  list: (lessonNum: string, taskNum: string) =>
    queryOptions({
      queryKey: [ROOT, 'list', lessonNum, taskNum],
      queryFn: ({ signal }) => api.call(questionsList, { lessonNum: Number(lessonNum), taskNum: Number(taskNum) }, { handleErrors: true, signal }),
      enabled: lessonNum !== '',
    }),
  /** One question with its chat; not cached after the popup closes (the poll keeps it fresh while open). */
  ticket: (ticketId: string) =>
    queryOptions({ queryKey: [ROOT, 'ticket', ticketId], queryFn: ({ signal }) => api.call(supportTicketDz, { ticketId: Number(ticketId) }, { handleErrors: true, signal }), gcTime: 0 }),
};
