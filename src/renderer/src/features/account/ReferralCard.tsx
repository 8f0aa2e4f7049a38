import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { referalInfo } from '@shared/contract/account';
import { ruAccount } from '../../i18n/account';
import { api } from '../../lib/api';
import { Card, cx, ErrorBox, IconAlert, IconCheck, IconCopy, Loader } from '../../ui';
import { failureText } from './errors';

const t = ruAccount.referral;

/** The copied (or failed) mark stays this long (spec §8.6, §9: 1 s). */
const COPY_MARK_MS = 1000;

type CopyState = 'idle' | 'copied' | 'failed';

/** Referral programme (shell §2.7, §3.17): the user's promo code with a copy button. */
export function ReferralCard() {
  const referral = useQuery({
    queryKey: ['referral'],
    queryFn: ({ signal }) => api.call(referalInfo, {}, { handleErrors: true, signal }),
    staleTime: Infinity,
  });
  return (
    <Card title={t.title} className="account-card" data-testid="referral">
      {referral.isPending ? (
        <Loader />
      ) : referral.isError ? (
        <ErrorBox message={failureText(referral.error, ruAccount.errors.referral)} onRetry={() => void referral.refetch()} />
      ) : (
        <>
          <div className="account-promo">
            <span className="account-promo__label">{t.codeLabel}</span>
            <code className="account-promo__code" data-testid="promo-code">
              {referral.data.promoCode}
            </code>
            <CopyButton text={referral.data.promoCode} />
          </div>
          <p className="muted">{referral.data.textNoBr}</p>
        </>
      )}
    </Card>
  );
}

function CopyButton({ text }: { text: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    let next: CopyState = 'copied';
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      next = 'failed';
    }
    setState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), COPY_MARK_MS);
  };

  const label = state === 'copied' ? t.copied : state === 'failed' ? t.copyFailed : t.copy;
  return (
    <>
      <button type="button" className={cx('account-copy', `account-copy--${state}`)} onClick={() => void copy()} data-testid="promo-copy" data-state={state}>
        {state === 'copied' ? <IconCheck size={18} /> : state === 'failed' ? <IconAlert size={18} /> : <IconCopy />}
        <span>{label}</span>
      </button>
      <span role="status" className="visually-hidden">
        {state === 'idle' ? '' : label}
      </span>
    </>
  );
}
