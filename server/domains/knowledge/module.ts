import { mountChunksExport } from './export-xlsx';
import { knowledgeHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const knowledgeDomain = defineDomain({
  name: 'knowledge',
  handlers: knowledgeHandlers,
  mount(app, services) {
    mountChunksExport(app, services);
  },
});
