import type { Implementation } from '../../contract/implement';

/** Handlers of the calendar area, one per contract in src/shared/contract/calendar.ts. */
export const calendarHandlers = [] as Implementation[];
