import type { HomeworkP2Question } from '@shared/contract/homework-p2';
import { ruHomeworkP2 as t } from '../../i18n/homework-p2';

/** Question number with '*' when mandatory, task number, max points, and the text with its line breaks. */
export function QuestionHead({ question, headingId, inPopup = false }: { question: HomeworkP2Question; headingId: string; inPopup?: boolean }) {
  // In the popup its title already names the question: the tags and text only.
  const Heading = inPopup ? 'p' : 'h2';
  const mandatory = question.q2ObyazDz === '1';
  return (
    <>
      <div className="p2-q__head">
        <Heading id={headingId} className={inPopup ? 'visually-hidden' : 'p2-q__title'}>
          {t.question(question.qNumber)}
          {mandatory && (
            <span className="p2-q__star" title={t.mandatory} aria-label={t.mandatory}>
              *
            </span>
          )}
        </Heading>
        <span className="ht-tag">{t.task(question.qTaskNumber)}</span>
        <span className="ht-tag ht-tag--muted">{t.maxBall(question.realBall)}</span>
      </div>
      <p className="p2-q__text">{question.q2Question}</p>
    </>
  );
}
