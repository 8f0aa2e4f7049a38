import { ruFinances } from '../../i18n/finances';
import { storedUserType } from '../../lib/session';
import { BalanceCard } from './BalanceCard';
import { CardsCard } from './CardsCard';
import { ExtraLessonsCard } from './ExtraLessonsCard';
import { HistoryCard } from './HistoryCard';
import { SubscriptionsCard } from './SubscriptionsCard';
import { EXTRA_LESSON_TYPES } from './top-up-rules';
import { useRefetchOnReturn } from './use-finances';
import './finances.css';

/**
 * Finances, route finances (shell §2.9): balance and top-up, extra recorded lessons for the
 * types that may buy them, the operations history, linked cards and subscriptions.
 */
export function FinancesPage() {
  useRefetchOnReturn();
  // The stored type only decides what is shown; the server refuses the calls to anyone else.
  const extraLessons = EXTRA_LESSON_TYPES.includes(storedUserType() ?? '');
  return (
    <section className="screen finances" aria-labelledby="finances-title">
      <h1 id="finances-title">{ruFinances.title}</h1>
      <div className="finances__grid">
        <BalanceCard className={extraLessons ? undefined : 'finances__wide'} />
        {extraLessons && <ExtraLessonsCard />}
        <HistoryCard className="finances__wide" />
        <CardsCard />
        <SubscriptionsCard />
      </div>
    </section>
  );
}
