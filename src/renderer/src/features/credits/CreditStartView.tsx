import { ruCredits } from '../../i18n/credits';
import { Button, Card, IconAlert, WarningNote } from '../../ui';
import { CreditFacts } from './CreditFacts';
import type { CreditInfo, StartState } from './types';

const t = ruCredits.auto;

/** Before the first attempt: the terms and 'Начать'; a refused start says why (§2, §5). */
export function CreditStartView({ info, start, onStart }: { info: CreditInfo; start: StartState; onStart: () => void }) {
  return (
    <Card as="section" title={t.about} className="credit-start">
      <CreditFacts info={info} status="" />
      <WarningNote className="credit-start__length" role="note" data-testid="credit-start-length">
        {t.startLength(info.za_max_time)}
      </WarningNote>
      <p className="muted small credit-start__rules">{t.rules}</p>
      {start.kind === 'refused' && <Refusal message={start.message} />}
      <div className="credit-start__actions">
        <Button loading={start.kind === 'starting'} onClick={onStart} data-testid="credit-start">
          {t.start}
        </Button>
      </div>
    </Card>
  );
}

/** A refusal from the server, announced at once (its text is the reason: deadline, limit, no questions). */
export function Refusal({ message }: { message: string }) {
  return (
    <div className="credit-refusal" role="alert" data-testid="credit-refusal">
      <IconAlert className="credit-refusal__icon" />
      <div>
        <p className="credit-refusal__title">{t.startRefused}</p>
        <p className="credit-refusal__message">{message}</p>
      </div>
    </div>
  );
}
