import { homeworkP2Handlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const homeworkP2Domain = defineDomain({
  name: 'homework-p2',
  handlers: homeworkP2Handlers,
});
