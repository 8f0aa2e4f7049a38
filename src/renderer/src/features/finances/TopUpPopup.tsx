import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { getTinkoffPaymentLink } from '@shared/contract/finances';
import { useUserInfo } from '../../lib/use-user-info';
import { ruFinances } from '../../i18n/finances';
import { ru } from '../../i18n/ru';
import { api, apiBaseUrl } from '../../lib/api';
import { useCoursePageLink } from '../../lib/course-page';
import { storedUserType } from '../../lib/session';
import { Button, buttonClassName, Checkbox, Popup, TextField } from '../../ui';
import { failureText, isRefusal } from './errors';
import { digitsOnly } from './money';
import { INACTIVE_TYPE, isInactiveRefusal, normalisedAmount, topUpError } from './top-up-rules';

const t = ruFinances.topUp;

interface Props {
  open: boolean;
  onClose: () => void;
  /** The payment page is ready: the caller opens it and tells the user. */
  onPaymentUrl: (url: string) => void;
}

/** Top-up popup (shell §5): amount in whole roubles, the offer agreement, then the payment page. */
export function TopUpPopup({ open, onClose, onPaymentUrl }: Props) {
  const [amount, setAmount] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [serverInactive, setServerInactive] = useState(false);
  // The cached profile says it too when the stored type is stale (a tariff ran out since sign-in).
  const profileType = useUserInfo().data?.user_type;
  const inactive = serverInactive || storedUserType() === INACTIVE_TYPE || profileType === INACTIVE_TYPE;

  const link = useMutation({
    mutationFn: (sum: string) => api.call(getTinkoffPaymentLink, { amount: sum }, { handleErrors: true }),
    onSuccess: ({ paymentUrl }) => {
      if (!paymentUrl) return setError(ruFinances.errors.noPaymentUrl);
      onPaymentUrl(paymentUrl);
      close();
    },
    onError: (failure) => {
      if (isRefusal(failure) && isInactiveRefusal(failure.message)) return setServerInactive(true);
      setError(failureText(failure, ruFinances.errors.paymentLink));
    },
  });

  const close = () => {
    setAmount('');
    setAgreed(false);
    setError(null);
    link.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = topUpError(amount, agreed);
    setError(problem);
    if (!problem) link.mutate(normalisedAmount(amount));
  };

  // The documents are pages of the app on the school's server (a new tab keeps the popup as it is).
  const base = apiBaseUrl();
  const courseLink = useCoursePageLink('topup');
  return (
    <Popup open={open} onClose={close} title={t.title} size="sm" className="fin-popup">
      {inactive ? (
        <div className="fin-inactive" data-testid="topup-inactive">
          <p role="alert">{t.inactive}</p>
          <div className="fin-popup__actions">
            <Button variant="secondary" onClick={close}>
              {ru.common.close}
            </Button>
            {courseLink ? (
              <a className={buttonClassName('primary')} href={courseLink} target="_blank" rel="noreferrer">
                {t.purchase}
              </a>
            ) : (
              <p className="muted">{t.askCurator}</p>
            )}
          </div>
        </div>
      ) : (
        <form className="fin-form" onSubmit={submit} noValidate>
          <TextField
            label={t.amount}
            hint={t.amountHint}
            value={amount}
            onChange={(value) => setAmount(digitsOnly(value))}
            inputMode="numeric"
            autoComplete="off"
            maxLength={9}
            data-testid="topup-amount"
          />
          <Checkbox
            checked={agreed}
            onChange={setAgreed}
            label={
              <>
                {t.agreeBefore}
                <a href={`${base}/study/oferta`} target="_blank" rel="noreferrer">
                  {t.offer}
                </a>
                {t.agreeMiddle}
                <a href={`${base}/study/privacy`} target="_blank" rel="noreferrer">
                  {t.privacy}
                </a>
              </>
            }
          />
          {error && (
            <p className="fin-form__error" role="alert" data-testid="topup-error">
              {error}
            </p>
          )}
          <div className="fin-popup__actions">
            <Button variant="secondary" onClick={close}>
              {ru.common.cancel}
            </Button>
            <Button type="submit" loading={link.isPending} data-testid="topup-submit">
              {t.submit}
            </Button>
          </div>
        </form>
      )}
    </Popup>
  );
}
