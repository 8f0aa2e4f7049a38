import { standardsHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const standardsDomain = defineDomain({
  name: 'standards',
  handlers: standardsHandlers,
});
