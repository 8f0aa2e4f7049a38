import { shellHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const shellDomain = defineDomain({
  name: 'shell',
  handlers: shellHandlers,
});
