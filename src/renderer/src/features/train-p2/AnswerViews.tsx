import type { AnswerMode, Part2Question } from '@shared/contract/train-p2';
import { useState } from 'react';
import { ruTrainP2 as t } from '../../i18n/train-p2';
import { Button } from '../../ui';
import { AnswerWithSegments } from '../homework-p2/AnswerWithSegments';
import { CheckForm } from './CheckForm';
import { DifficultToggle, QuestionBlock, ScoreOf, ScoringKey } from './QuestionParts';

/** DecideView: question info, the mode's warning, image and text, the answer box (§2). */
export function DecideView({ mode, question, busy, onSend, onBack }: { mode: AnswerMode; question: Part2Question; busy: boolean; onSend: (answer: string) => void; onBack: () => void }) {
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="trp2-view" aria-labelledby="trp2-decide-title" data-testid="trp2-decide">
      <QuestionBlock question={question} headingId="trp2-decide-title" />
      <p className="trp2-note">{t.warnings[mode]}</p>
      <form
        className="trp2-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (answer.trim() === '') {
            setError(t.validation.emptyAnswer);
            return;
          }
          setError(null);
          onSend(answer.trim());
        }}
      >
        <label className="trp2-field" htmlFor="trp2-answer">
          <span className="trp2-field__label">{t.answerLabel}</span>
          <textarea id="trp2-answer" className="ui-input trp2-textarea" value={answer} placeholder={t.answerPlaceholder} onChange={(event) => {
            setAnswer(event.target.value);
            setError(null);
          }} autoFocus data-testid="trp2-answer" />
        </label>
        {error && (
          <p className="trp2-error" role="alert" data-testid="trp2-answer-error">
            {error}
          </p>
        )}
        <div className="trp2-actions">
          <Button variant="ghost" onClick={onBack}>
            {t.back}
          </Button>
          <DifficultToggle question={question} />
          <span className="trp2-spacer" />
          <Button type="submit" loading={busy} data-testid="trp2-send">
            {mode === 'selfCheck' ? t.toCheck : t.send}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** CheckView (self-check): the answer, the criteria and explanation, the own score and comment. */
export function CheckView({ question, answer, busy, onCheck, onBack }: { question: Part2Question; answer: string; busy: boolean; onCheck: (check: { score: number; comment: string }) => void; onBack: () => void }) {
  return (
    <section className="trp2-view" aria-labelledby="trp2-self-title" data-testid="trp2-selfcheck">
      <QuestionBlock question={question} headingId="trp2-self-title" />
      <h3 className="trp2-subtitle">{t.answerLabel}</h3>
      <p className="trp2-answer">{answer}</p>
      <ScoringKey question={question} />
      <CheckForm max={question.maxBall} submitLabel={t.sendCheck} busy={busy} onSubmit={onCheck} />
      <div className="trp2-actions">
        <Button variant="ghost" onClick={onBack}>
          {t.back}
        </Button>
      </div>
    </section>
  );
}

/** CheckViewAnother: someone's answer to check, a warning for an unfinished check, refusal (§2). */
export function CheckViewAnother({
  question,
  busy,
  submitLabel,
  onCheck,
  onRefuse,
}: {
  question: Part2Question;
  busy: boolean;
  submitLabel: string;
  onCheck: (check: { score: number; comment: string }) => void;
  onRefuse: () => void;
}) {
  return (
    <section className="trp2-view" aria-labelledby="trp2-another-title" data-testid="trp2-check-another">
      {question.isOldCheck === '1' && (
        <p className="trp2-note trp2-note--warn" role="status" data-testid="trp2-old-check">
          {t.oldCheck}
        </p>
      )}
      <QuestionBlock question={question} headingId="trp2-another-title" />
      <h3 className="trp2-subtitle">{t.studentAnswer}</h3>
      <p className="trp2-answer" data-testid="trp2-checked-answer">
        {question.userAnswer}
      </p>
      <ScoringKey question={question} />
      <CheckForm key={question.studentId} max={question.maxBall} submitLabel={submitLabel} busy={busy} onSubmit={onCheck} />
      <div className="trp2-actions">
        <Button variant="ghost" onClick={onRefuse} disabled={busy} data-testid="trp2-refuse">
          {t.refuse}
        </Button>
      </div>
    </section>
  );
}

/** CuratorCheckView: the answer with the curator's comments, both scores, the explanation, 'Take again'. */
export function CuratorCheckView({ question, busy, onAgain, onChoice }: { question: Part2Question; busy: boolean; onAgain: () => void; onChoice: () => void }) {
  return (
    <section className="trp2-view" aria-labelledby="trp2-curator-title" data-testid="trp2-curator-result">
      <QuestionBlock question={question} headingId="trp2-curator-title" />
      <dl className="trp2-compare">
        <div>
          <dt className="muted small">{t.myScore}</dt>
          <dd>
            <ScoreOf ball={question.checkBall} max={question.maxBall} testId="trp2-my-score" />
          </dd>
        </div>
        <div>
          <dt className="muted small">{t.curatorScore}</dt>
          <dd>
            <ScoreOf ball={question.curatorBall} max={question.maxBall} testId="trp2-curator-score" />
          </dd>
        </div>
      </dl>
      <h3 className="trp2-subtitle">{t.studentAnswer}</h3>
      <AnswerWithSegments text={question.userAnswer} segments={question.teacherJson} />
      <div className="trp2-comments">
        <div>
          <h3 className="trp2-subtitle">{t.curatorComment}</h3>
          <p className="trp2-answer" data-testid="trp2-curator-comment">
            {question.teacherComment || '—'}
          </p>
        </div>
        <div>
          <h3 className="trp2-subtitle">{t.myComment}</h3>
          <p className="trp2-answer">{question.checkComment || '—'}</p>
        </div>
      </div>
      <ScoringKey question={question} />
      <div className="trp2-actions">
        <Button variant="ghost" onClick={onChoice}>
          {t.toChoice}
        </Button>
        <span className="trp2-spacer" />
        <Button onClick={onAgain} loading={busy} data-testid="trp2-take-again">
          {t.takeAgain}
        </Button>
      </div>
    </section>
  );
}
