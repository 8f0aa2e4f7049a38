import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { addCard, cardEmailProblem } from '@shared/contract/finances';
import { useUserInfo } from '../../lib/use-user-info';
import { ruFinances } from '../../i18n/finances';
import { ru } from '../../i18n/ru';
import { Button, Popup, TextField } from '../../ui';
import { failureText } from './errors';
import { liveRequest } from './live-request';

const t = ruFinances.addCard;

interface Props {
  open: boolean;
  onClose: () => void;
  onPaymentUrl: (url: string) => void;
}

/** Card binding (shell §5, §9): an e-mail for the receipt, 1 ₽ frozen and released, a payment page in a new tab. */
export function AddCardPopup({ open, onClose, onPaymentUrl }: Props) {
  const profileEmail = useUserInfo().data?.user_email ?? '';
  // null = not edited yet: the field shows the profile e-mail, also when the profile arrives later.
  const [typed, setTyped] = useState<string | null>(null);
  const email = typed ?? profileEmail;
  const [error, setError] = useState<string | null>(null);

  const bind = useMutation({
    mutationFn: (address: string) => liveRequest(addCard, { email: address }),
    onSuccess: ({ paymentUrl }) => {
      if (!paymentUrl) return setError(ruFinances.errors.noPaymentUrl);
      onPaymentUrl(paymentUrl);
      close();
    },
    onError: (failure) => setError(failureText(failure, ruFinances.errors.paymentLink)),
  });

  const close = () => {
    setTyped(null);
    setError(null);
    bind.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same check the server makes, with the same texts ('Необходимо указать почту').
    const problem = cardEmailProblem(email);
    setError(problem);
    if (!problem) bind.mutate(email.trim());
  };

  return (
    <Popup open={open} onClose={close} title={t.title} size="sm" className="fin-popup">
      <form className="fin-form" onSubmit={submit} noValidate>
        <p className="fin-note">{t.freezeNote}</p>
        <TextField label={t.email} type="email" value={email} onChange={setTyped} autoComplete="email" maxLength={100} data-testid="card-email" />
        {error && (
          <p className="fin-form__error" role="alert" data-testid="card-error">
            {error}
          </p>
        )}
        <div className="fin-popup__actions">
          <Button variant="secondary" onClick={close}>
            {ru.common.cancel}
          </Button>
          <Button type="submit" loading={bind.isPending} data-testid="card-submit">
            {t.submit}
          </Button>
        </div>
      </form>
    </Popup>
  );
}
