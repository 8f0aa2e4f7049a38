import { accountHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const accountDomain = defineDomain({
  name: 'account',
  handlers: accountHandlers,
});
