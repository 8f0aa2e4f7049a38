import { mailingsHandlers } from './handlers';
import { mountMailingImages } from './images';
import { mailingSendJob } from './send-job';
import { defineDomain } from '../../domain-module';

export const mailingsDomain = defineDomain({
  name: 'mailings',
  handlers: mailingsHandlers,
  jobs: [mailingSendJob],
  mount(app, services) {
    mountMailingImages(app, services);
  },
});
