import type { z } from 'zod';
import type { transactionSchema } from '@shared/contract/finances';
import { ruFinances } from '../../i18n/finances';
import { Accordion, cx, EmptyState, ErrorBox, fill, Loader } from '../../ui';
import { failureText, isSignedOut } from './errors';
import { formatRoubles, moneyTone } from './money';
import { useHistory } from './use-finances';
import { useFirstItemsHeight } from './use-first-items-height';

const t = ruFinances.history;

/** Shell §9: five operations are visible before the list scrolls. */
const VISIBLE_OPERATIONS = 5;

type Transaction = z.infer<typeof transactionSchema>;

/** Operations history accordion (shell §2.9, §3.13), newest first as the server sends them. */
export function HistoryCard({ className }: { className?: string }) {
  const history = useHistory();
  const transactions = history.data?.transactions;
  const { listRef, maxHeight } = useFirstItemsHeight<HTMLOListElement>(VISIBLE_OPERATIONS, transactions);

  let body;
  if (history.isPending) body = <Loader />;
  else if (history.isError && !transactions)
    body = isSignedOut(history.error) ? null : (
      <ErrorBox message={failureText(history.error, ruFinances.errors.balance)} onRetry={() => void history.refetch()} retryLabel={ruFinances.retry} />
    );
  else if (!transactions || transactions.length === 0) body = <EmptyState text={t.empty} compact />;
  else
    body = (
      <ol
        ref={listRef}
        className="fin-history"
        style={maxHeight ? { maxHeight } : undefined}
        aria-label={t.listLabel}
        // Scrollable region: reachable and scrollable by keyboard.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be focusable to scroll without a mouse
        tabIndex={0}
        data-testid="history-list"
      >
        {transactions.map((item) => (
          <OperationCard key={`${item.transactionNumber}-${item.orderNumber}`} item={item} />
        ))}
      </ol>
    );

  return (
    // The accordion is its own surface (border, radius), so it stands in the grid without a Card.
    <Accordion
      title={t.title}
      headingLevel={2}
      summary={transactions && transactions.length > 0 ? String(transactions.length) : undefined}
      className={cx('fin-history-card', className)}
    >
      {body}
    </Accordion>
  );
}

function OperationCard({ item }: { item: Transaction }) {
  const tone = moneyTone(item.transactionSum);
  return (
    <li className="fin-operation" data-testid="operation">
      <div className="fin-operation__head">
        <span className="fin-operation__number">{fill(t.number, { number: item.transactionNumber })}</span>
        <span className={cx('fin-operation__sum', `fin-money--${tone}`)} data-tone={tone}>
          {formatRoubles(item.transactionSum, { signed: true })} {ruFinances.rub}
        </span>
      </div>
      <p className="fin-operation__when">
        <time>{item.transactionDate}</time> <time>{item.transactionTime}</time>
      </p>
      <dl className="fin-operation__details">
        <Detail label={t.basis} value={item.osnovanie} />
        <Detail label={t.comment} value={item.transactionComment} />
        <Detail label={t.order} value={item.orderNumber} />
      </dl>
    </li>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <div className="fin-operation__detail">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
