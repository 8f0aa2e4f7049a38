import type { ReviewerAction } from '../contract/curator-homework';

/**
 * Back-office §4 reviewer actions on a part 2 work, as one table: the statuses an action is allowed
 * from and the status it leaves. 'saveChecking' keeps the work submitted (scores and comments are
 * drafts the student does not see yet); 'return' gives the work back to the student to edit.
 */
const TABLE: Record<ReviewerAction, { from: readonly string[]; to: string }> = {
  saveChecking: { from: ['Готово'], to: 'Готово' },
  endChecking: { from: ['Готово', 'Отклонен'], to: 'Проверен' },
  reject: { from: ['Готово'], to: 'Отклонен' },
  return: { from: ['Готово', 'Отклонен'], to: 'Выполняется' },
};

/** The status after `action` on a work in `status`, or null when the action is not allowed. */
export function reviewerTransition(action: ReviewerAction, status: string): string | null {
  const rule = TABLE[action];
  return rule.from.includes(status) ? rule.to : null;
}

/** Per-task checks (flag, scores, comments) are saving: allowed while the work is submitted. */
export function mayEditTasks(status: string): boolean {
  return reviewerTransition('saveChecking', status) !== null;
}
