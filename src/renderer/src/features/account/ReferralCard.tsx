import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ruAccount } from '../../i18n/account';
import { Card, cx, IconAlert, IconCheck, IconCopy, QueryState } from '../../ui';
import { accountQueries } from './api';
import { failureText } from './errors';

const t = ruAccount.referral;

/** The copied (or failed) mark stays this long (spec §8.6, §9: 1 s). */
const COPY_MARK_MS = 1000;

type CopyState = 'idle' | 'copied' | 'failed';

/** Referral programme (shell §2.7, §3.17): the user's promo code with a copy button. */
export function ReferralCard() {
  const referral = useQuery(accountQueries.referral());
  return (
    <Card title={t.title} className="account-card" data-testid="referral">
      <QueryState query={referral} errorText={(error) => failureText(error, ruAccount.errors.referral)}>
        {(data) => (
          <>
            <div className="account-promo">
              <span className="account-promo__label">{t.codeLabel}</span>
              <code className="account-promo__code" data-testid="promo-code">
                {data.promoCode}
              </code>
              <CopyButton text={data.promoCode} />
            </div>
            <p className="muted">{data.textNoBr}</p>
          </>
        )}
      </QueryState>
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
