import { goalsProblem, type GoalBudzhet } from '../../../src/shared/contract/account';
import { fail } from '../../contract/errors';
import type { Services } from '../../services';

/** Saves the goals form after the same checks the client makes (spec §5, texts verbatim). */
export async function saveGoals(
  services: Services,
  userId: number,
  goals: { ballov: string; goalBudzhet: GoalBudzhet; goalVuz: string; studentOsob: string },
): Promise<void> {
  const problem = goalsProblem(goals);
  if (problem) fail(problem);
  await services.db
    .updateTable('users')
    .set({
      goal_ball: Number(goals.ballov.trim()),
      goal_budzhet: Number(goals.goalBudzhet),
      goal_vuz: goals.goalVuz.trim(),
      osobennosti: goals.studentOsob.trim(),
      updated_at: services.clock.now(),
    })
    .where('id', '=', userId)
    .execute();
}
