import { calendarHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const calendarDomain = defineDomain({
  name: 'calendar',
  handlers: calendarHandlers,
});
