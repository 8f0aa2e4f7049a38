import { documentsHandlers } from './handlers';
import { mountSiteLinks } from './site-links';
import { defineDomain } from '../../domain-module';

export const documentsDomain = defineDomain({
  name: 'documents',
  handlers: documentsHandlers,
  mount(app, services) {
    mountSiteLinks(app, services);
  },
});
