import { materialsHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const materialsDomain = defineDomain({
  name: 'materials',
  handlers: materialsHandlers,
});
