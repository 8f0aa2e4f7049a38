import { useState } from 'react';
import { ruFinances } from '../../i18n/finances';
import { Button, Card, cx, Loader } from '../../ui';
import { failureText, isSignedOut } from './errors';
import { formatRoubles, moneyTone } from './money';
import { TopUpPopup } from './TopUpPopup';
import { openPaymentTab, useHistory } from './use-finances';

const t = ruFinances.balance;

/** Balance in the spec's colours and the top-up button (shell §2.9, §4.6). */
export function BalanceCard({ className }: { className?: string }) {
  const history = useHistory();
  const [topUpOpen, setTopUpOpen] = useState(false);
  const [paymentUrl, setPaymentUrl] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  // Shell §8.6: a failed read shows a dash, not a stale figure.
  const balance = history.isError ? undefined : history.data?.balance;

  const onPaymentUrl = (url: string) => {
    setPaymentUrl(url);
    setBlocked(!openPaymentTab(url));
  };

  return (
    <Card title={t.title} className={cx('fin-card fin-balance', className)}>
      <div className="fin-balance__row">
        <div className="fin-balance__value-box">
          <span className="fin-balance__label">{t.label}</span>
          {history.isPending ? (
            <Loader inline size="sm" />
          ) : (
            <span
              className={cx('fin-balance__value', balance !== undefined && `fin-money--${moneyTone(balance)}`)}
              data-testid="balance"
              data-tone={balance !== undefined ? moneyTone(balance) : undefined}
            >
              {balance !== undefined ? `${formatRoubles(balance)} ${ruFinances.rub}` : ruFinances.dash}
            </span>
          )}
        </div>
        <Button onClick={() => setTopUpOpen(true)} data-testid="topup-open">
          {t.topUp}
        </Button>
      </div>
      {history.isError && !isSignedOut(history.error) && (
        <div className="fin-inline-error" role="alert">
          <span>{failureText(history.error, ruFinances.errors.balance)}</span>
          <Button variant="secondary" size="sm" onClick={() => void history.refetch()}>
            {ruFinances.retry}
          </Button>
        </div>
      )}
      {paymentUrl && (
        <p className="fin-note" role="status" data-testid="payment-opened">
          {blocked ? null : `${t.paymentOpened} `}
          <a href={paymentUrl} target="_blank" rel="noreferrer">
            {t.openAgain}
          </a>
        </p>
      )}
      <TopUpPopup open={topUpOpen} onClose={() => setTopUpOpen(false)} onPaymentUrl={onPaymentUrl} />
    </Card>
  );
}
