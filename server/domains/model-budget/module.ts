import { modelBudget } from '../../../src/shared/contract';
import { implement } from '../../contract/implement';
import { defineDomain } from '../../domain-module';
import { modelBudgetLimits, modelBudgetUsage } from '../../model-budget/budget';

/**
 * The admins' view of the daily model-call budget (src/shared/contract/model-budget.ts). The
 * counting itself lives in server/model-budget, shared by the assistant and training part 2.
 */
export const modelBudgetDomain = defineDomain({
  name: 'model-budget',
  handlers: [
    implement(modelBudget.getModelBudgetUsage, async (ctx) => {
      const { db, config, clock } = ctx.services;
      return modelBudgetUsage(db, modelBudgetLimits(config), clock.now());
    }),
  ],
});
