export { defineEvent, type DomainEvent, type DomainEventBus, type Publish } from './event';
export { subscribe, type Subscriber } from './subscriber';
export { answerScored, creditPassed, homeworkPartFinished } from './catalogue';
