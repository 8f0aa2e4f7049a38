import { curatorHomeworkHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const curatorHomeworkDomain = defineDomain({
  name: 'curator-homework',
  handlers: curatorHomeworkHandlers,
});
