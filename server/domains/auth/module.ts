import { authHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const authDomain = defineDomain({
  name: 'auth',
  handlers: authHandlers,
});
