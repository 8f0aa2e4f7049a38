import type { Implementation } from '../../contract/implement';
import { extraLessonHandlers } from './extra-lessons-handlers';
import { paymentsHandlers } from './payments-handlers';
import { subscriptionHandlers } from './subscriptions-handlers';

/** Handlers of the finances area, one per contract in src/shared/contract/finances.ts. */
export const financesHandlers = [...paymentsHandlers, ...subscriptionHandlers, ...extraLessonHandlers] as Implementation[];
