import { crmHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const crmDomain = defineDomain({
  name: 'crm',
  handlers: crmHandlers,
});
