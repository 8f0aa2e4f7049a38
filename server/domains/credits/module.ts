import { creditsHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const creditsDomain = defineDomain({
  name: 'credits',
  handlers: creditsHandlers,
});
