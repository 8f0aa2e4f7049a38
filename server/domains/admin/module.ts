import { documentsAdminHandlers } from './documents-handlers';
import { adminHandlers } from './handlers';
import { adminSettingsHandlers, tariffHandlers } from './settings-handlers';
import { defineDomain } from '../../domain-module';

export const adminDomain = defineDomain({
  name: 'admin',
  handlers: [...adminHandlers, ...adminSettingsHandlers, ...tariffHandlers, ...documentsAdminHandlers],
});
