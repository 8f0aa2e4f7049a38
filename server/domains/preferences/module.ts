import { preferencesHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const preferencesDomain = defineDomain({
  name: 'preferences',
  handlers: preferencesHandlers,
});
