import { ruHomeworkP2 as t } from '../../i18n/homework-p2';
import { isConnectionFailure, messageOf } from '../../lib/error-text';

/** Why sending the work failed, in the student's words: a lost connection never shows the browser's English. */
export function sendFailureReason(caught: unknown): string {
  return isConnectionFailure(caught) ? t.noConnection : messageOf(caught);
}
