import { ruCredits } from '../../i18n/credits';
import { Button, Card, cx, WarningNote } from '../../ui';
import { ResultView } from '../../questions/ResultView';
import { Refusal } from './CreditStartView';
import { canRetake, statusText } from './logic';
import type { CreditInfo, CreditQuestion, StartState } from './types';

const t = ruCredits.auto;

/**
 * A finished attempt: Сдан / Не сдан with errors against the allowed number, the questions with
 * answers, points, explanations and the difficult flag; a failed credit offers a retake while
 * attempts remain, else the spec's limit text (§2, §4, §5).
 */
export function CreditResultView({ status, info, questions, start, onRetake }: { status: string; info: CreditInfo; questions: CreditQuestion[]; start: StartState; onRetake: () => void }) {
  const passed = status === 'Сдан';
  const rows = questions.map((row) => row.question);
  const score = rows.reduce((sum, row) => sum + (row.user_ball ?? 0), 0);
  const max = rows.reduce((sum, row) => sum + row.real_ball, 0);
  const retake = canRetake(status, info.zu_popitka, info.za_max_popitok);
  return (
    <div className="credit-result">
      <Card as="section" title={t.result} className="credit-result__card">
        <div className="credit-verdict">
          <span className={cx('credit-verdict__status', passed ? 'credit-verdict__status--passed' : 'credit-verdict__status--failed')} data-testid="credit-status">
            {statusText(status)}
          </span>
          <span className="credit-verdict__text">{passed ? t.passed : t.failed}</span>
        </div>
        <dl className="credit-facts credit-facts--result">
          <div className="credit-facts__row" data-fact="errors">
            <dt>{t.errors}</dt>
            <dd data-testid="credit-errors" className={passed ? 'ht-right' : 'ht-wrong'}>
              {t.errorsOf(info.zu_errors ?? 0, info.za_max_errors)}
            </dd>
          </div>
          {/* A result with no answers kept (a credit marked by hand) has no score to show, not «0 / 0». */}
          {rows.length > 0 && (
            <div className="credit-facts__row" data-fact="points">
              <dt>{t.points}</dt>
              <dd data-testid="credit-points">
                {score} / {max}
              </dd>
            </div>
          )}
          <div className="credit-facts__row" data-fact="attempts">
            <dt>{t.attempts}</dt>
            <dd>{t.attemptsOf(info.zu_popitka, info.za_max_popitok)}</dd>
          </div>
        </dl>
        {start.kind === 'refused' && <Refusal message={start.message} />}
        {!passed &&
          (retake ? (
            <div className="credit-result__retake">
              <WarningNote className="credit-start__length" role="note" data-testid="credit-retake-length">
                {t.retakeLength(info.za_max_time)}
              </WarningNote>
              <Button loading={start.kind === 'starting'} onClick={onRetake} data-testid="credit-retake">
                {t.retake}
              </Button>
              <span className="muted small">{t.retakeHint(info.za_max_popitok - info.zu_popitka)}</span>
            </div>
          ) : (
            start.kind !== 'refused' && (
              <p className="credit-limit" role="note" data-testid="credit-limit">
                {t.attemptsExceeded}
              </p>
            )
          ))}
      </Card>
      {/* Results kept from before the question bank have no questions to list. */}
      {rows.length > 0 && <ResultView score={score} max={max} questions={rows} showScore={false} difficultError={t.difficultError} />}
    </div>
  );
}
