import { ruCredits } from '../../i18n/credits';
import { deadlineText, lessonNumbers, statusText } from './logic';
import type { CreditInfo } from './types';

const t = ruCredits.auto;

/** The credit's terms (learning §3 'Automatic credit'): lessons, questions, time, errors, attempts, deadline. */
export function CreditFacts({ info, status }: { info: CreditInfo; status: string }) {
  const rows: [string, string, string][] = [
    ['status', t.status, statusText(status)],
    ['lessons', t.lessons, t.lessonList(lessonNumbers(info.za_lesson_numbers))],
    ['questions', t.questions, String(info.za_questions)],
    ['time', t.timeLimit, t.minutes(info.za_max_time)],
    ['errors', t.allowedErrors, String(info.za_max_errors)],
    ['attempts', t.attempts, t.attemptsOf(info.zu_popitka, info.za_max_popitok)],
    ['deadline', t.deadline, deadlineText(info.za_deadline)],
  ];
  return (
    <dl className="credit-facts" data-testid="credit-facts">
      {rows.map(([id, name, value]) => (
        <div key={id} className="credit-facts__row" data-fact={id}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
