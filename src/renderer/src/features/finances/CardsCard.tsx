import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { removeCard } from '@shared/contract/finances';
import { ruFinances } from '../../i18n/finances';
import { Button, Card, ConfirmPopup, cx, EmptyState, ErrorBox, fill, Loader } from '../../ui';
import { AddCardPopup } from './AddCardPopup';
import { failureText, isSignedOut } from './errors';
import { liveRequest } from './live-request';
import { financeKeys, openPaymentTab, useCards } from './use-finances';

const t = ruFinances.cards;

/** Shell §9: a card number is shown as its last 6 characters. */
const lastSix = (cardNum: string) => cardNum.slice(-6);

/** Linked cards (shell §3.15): choose one to remove it, or bind a new one on the payment page. */
export function CardsCard({ className }: { className?: string }) {
  const cards = useCards();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [removeError, setRemoveError] = useState<string | undefined>(undefined);
  const [opened, setOpened] = useState<{ url: string; blocked: boolean } | null>(null);
  const name = useId();
  const list = cards.data?.cards;
  const chosen = list?.find((card) => card.cardId === selected);

  // Shell §8.6: a failed refresh of a list already on screen keeps the list and says so.
  const refreshFailed = cards.isRefetchError && list !== undefined && !isSignedOut(cards.error);

  const remove = useMutation({
    mutationFn: (cardId: string) => liveRequest(removeCard, { cardId }),
    onSuccess: () => {
      setConfirming(false);
      setSelected(null);
      // The push usually brings the new list first; reading it again covers a lost push.
      void queryClient.invalidateQueries({ queryKey: financeKeys.cards });
    },
    onError: (failure) => setRemoveError(failureText(failure)),
  });

  const askRemove = () => {
    if (!chosen) return setNotice(t.chooseCard);
    setNotice(null);
    setRemoveError(undefined);
    setConfirming(true);
  };

  let body;
  if (cards.isPending) body = <Loader />;
  else if (!list)
    body = isSignedOut(cards.error) ? null : <ErrorBox message={failureText(cards.error)} onRetry={() => void cards.refetch()} retryLabel={ruFinances.retry} />;
  else if (list.length === 0) body = <EmptyState text={t.empty} compact />;
  else
    body = (
      <fieldset className="fin-cards">
        <legend className="visually-hidden">{t.listLabel}</legend>
        {list.map((card) => (
          <label key={card.cardId} className={cx('fin-bank-card', selected === card.cardId && 'is-selected')} data-testid="bank-card">
            <input
              type="radio"
              name={name}
              value={card.cardId}
              checked={selected === card.cardId}
              onChange={() => {
                setSelected(card.cardId);
                setNotice(null);
              }}
              className="fin-bank-card__radio"
            />
            <span className="fin-bank-card__type">{card.cardType}</span>
            <span className="fin-bank-card__num" aria-label={fill(t.numberLabel, { digits: lastSix(card.cardNum) })}>
              •• {lastSix(card.cardNum)}
            </span>
            {card.isMain === '1' && <span className="fin-badge">{t.main}</span>}
          </label>
        ))}
      </fieldset>
    );

  return (
    <Card title={t.title} className={cx('fin-card fin-cards-card', className)}>
      {body}
      {refreshFailed && (
        <div className="fin-inline-error" role="alert" data-testid="cards-refresh-failed">
          <span>{ruFinances.errors.cardsRefresh}</span>
          <Button variant="secondary" size="sm" onClick={() => void cards.refetch()}>
            {ruFinances.retry}
          </Button>
        </div>
      )}
      {notice && (
        <p className="fin-form__error" role="alert" data-testid="cards-notice">
          {notice}
        </p>
      )}
      {opened && (
        <p className="fin-note" role="status" data-testid="card-opened">
          {opened.blocked ? null : `${ruFinances.addCard.opened} `}
          <a href={opened.url} target="_blank" rel="noreferrer">
            {ruFinances.balance.openAgain}
          </a>
        </p>
      )}
      <div className="fin-card__buttons">
        <Button onClick={() => setAdding(true)} data-testid="card-add">
          {t.add}
        </Button>
        {list && list.length > 0 && (
          <Button variant="secondary" onClick={askRemove} data-testid="card-remove">
            {t.remove}
          </Button>
        )}
      </div>
      <AddCardPopup
        open={adding}
        onClose={() => setAdding(false)}
        onPaymentUrl={(url) => setOpened({ url, blocked: !openPaymentTab(url) })}
      />
      <ConfirmPopup
        open={confirming}
        title={t.removeTitle}
        text={chosen ? fill(t.removeText, { type: chosen.cardType, digits: lastSix(chosen.cardNum) }) : undefined}
        confirmLabel={t.removeConfirm}
        danger
        error={removeError}
        onConfirm={() => (chosen ? remove.mutateAsync(chosen.cardId) : undefined)}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
