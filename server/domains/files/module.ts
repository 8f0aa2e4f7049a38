import { filesHandlers } from './handlers';
import { mountFileLibrary } from './library';
import { defineDomain } from '../../domain-module';

export const filesDomain = defineDomain({
  name: 'files',
  handlers: filesHandlers,
  mount(app, services) {
    mountFileLibrary(app, services);
  },
});
