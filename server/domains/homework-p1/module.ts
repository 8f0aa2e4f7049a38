import { homeworkP1Handlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const homeworkP1Domain = defineDomain({
  name: 'homework-p1',
  handlers: homeworkP1Handlers,
});
