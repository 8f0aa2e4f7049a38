import { digitizeBookPagesJob } from './digitize-job';
import { textbooksHandlers } from './handlers';
import { mountTextbookImages } from './images';
import { defineDomain } from '../../domain-module';

export const textbooksDomain = defineDomain({
  name: 'textbooks',
  handlers: textbooksHandlers,
  jobs: [digitizeBookPagesJob],
  mount(app, services) {
    mountTextbookImages(app, services);
  },
});
