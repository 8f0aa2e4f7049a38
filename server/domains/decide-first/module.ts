import { decideFirstHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const decideFirstDomain = defineDomain({
  name: 'decide-first',
  handlers: decideFirstHandlers,
});
