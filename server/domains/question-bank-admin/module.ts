import { questionBankAdminHandlers } from './handlers';
import { mountQuestionImages } from './images';
import { defineDomain } from '../../domain-module';

export const questionBankAdminDomain = defineDomain({
  name: 'question-bank-admin',
  handlers: questionBankAdminHandlers,
  mount(app, services) {
    mountQuestionImages(app, services);
  },
});
