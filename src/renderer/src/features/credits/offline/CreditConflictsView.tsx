import { useState } from 'react';
import { ruCredits } from '../../../i18n/credits';
import { ownerScope } from '../../../lib/offline-store/owner-scope';
import { Button } from '../../../ui';
import { dismissCreditConflict, type CreditConflict } from './credit-outbox';
import { announceCreditChange, useCreditConflicts } from './use-credit-outbox';

const t = ruCredits.auto;

/**
 * Answers given without a connection that the server refused meanwhile (the attempt's time ran
 * out, the question answered on another device): the student's answer and the server's, question
 * by question. An answer is given once, so the choice is to copy one's own and acknowledge it.
 */
export function CreditConflictsView({ zachetNum }: { zachetNum: number }) {
  const conflicts = useCreditConflicts(zachetNum);
  if (conflicts.length === 0) return null;
  return (
    <section className="credit-conflicts" aria-labelledby="credit-conflicts-title" data-testid="credit-conflicts">
      <h2 id="credit-conflicts-title" className="credit-conflicts__title">
        {t.conflictTitle}
      </h2>
      {conflicts.map((conflict) => (
        <ConflictRow key={conflict.entryId} conflict={conflict} />
      ))}
    </section>
  );
}

function ConflictRow({ conflict }: { conflict: CreditConflict }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(conflict.mine);
      setCopied(true);
    } catch {
      // No clipboard (plain http): the answer is on screen to select.
    }
  };
  const dismiss = async () => {
    const scope = await ownerScope();
    if (scope) await dismissCreditConflict(scope, conflict.entryId);
    announceCreditChange();
  };
  return (
    <article className="credit-conflict" data-testid={`credit-conflict-${conflict.questionNum}`}>
      <h3 className="credit-conflict__title">{t.conflictQuestion(conflict.questionNum, conflict.attempt)}</h3>
      <p className="credit-conflict__reason" role="alert">
        {t.conflictReason(conflict.message.replace(/[.!]+$/, ''))}
      </p>
      <dl className="credit-conflict__texts">
        <div>
          <dt>{t.conflictMine}</dt>
          <dd data-testid={`credit-conflict-mine-${conflict.questionNum}`}>{conflict.mine}</dd>
        </div>
        <div>
          <dt>{t.conflictServer}</dt>
          <dd data-testid={`credit-conflict-server-${conflict.questionNum}`}>{conflict.server.answer || t.conflictNoServerAnswer}</dd>
        </div>
      </dl>
      <div className="ht-step__actions">
        <Button size="sm" variant="ghost" onClick={() => void copy()}>
          {copied ? t.conflictCopied : t.conflictCopy}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void dismiss()} data-testid={`credit-conflict-dismiss-${conflict.questionNum}`}>
          {t.conflictDismiss}
        </Button>
      </div>
    </article>
  );
}
