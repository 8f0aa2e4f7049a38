import { ticketsHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const ticketsDomain = defineDomain({
  name: 'tickets',
  handlers: ticketsHandlers,
});
