import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { resumeSubscribe, unsubscribe } from '@shared/contract/finances';
import { ruFinances } from '../../i18n/finances';
import { Button, Card, ConfirmPopup, cx, EmptyState, ErrorBox, fill, Loader } from '../../ui';
import { failureText, isSignedOut } from './errors';
import { liveRequest } from './live-request';
import { formatRoubles } from './money';
import { subscriptionsQuery, useSubscriptions } from './use-finances';

const t = ruFinances.subs;

type Action = 'cancel' | 'resume';

/** Subscriptions (shell §3.15, §4.6): active ones can be cancelled, cancelled ones resumed; the list reloads after either. */
export function SubscriptionsCard({ className }: { className?: string }) {
  const subs = useSubscriptions();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<{ kind: Action; paydate: string; paused: boolean } | null>(null);
  const [actionError, setActionError] = useState<string | undefined>(undefined);
  const [reloadError, setReloadError] = useState<string | null>(null);
  const list = subs.data?.activeSubs;

  const run = useMutation({
    mutationFn: async (kind: Action) => {
      await liveRequest(kind === 'cancel' ? unsubscribe : resumeSubscribe, {});
      return kind;
    },
    onSuccess: async (kind) => {
      setAction(null);
      setReloadError(null);
      try {
        await queryClient.fetchQuery({ ...subscriptionsQuery, staleTime: 0 });
      } catch (failure) {
        if (isSignedOut(failure)) return;
        const prefix = kind === 'cancel' ? ruFinances.errors.unsubscribedReload : ruFinances.errors.resumedReload;
        setReloadError(prefix + (failure instanceof Error ? failure.message : String(failure)));
      }
    },
    onError: (failure) => setActionError(failureText(failure)),
  });

  const open = (kind: Action, paydate: string, paused = false) => {
    setActionError(undefined);
    setAction({ kind, paydate, paused });
  };

  let body;
  if (subs.isPending) body = <Loader />;
  else if (!list)
    body = isSignedOut(subs.error) ? null : <ErrorBox message={failureText(subs.error)} onRetry={() => void subs.refetch()} retryLabel={ruFinances.retry} />;
  else if (list.length === 0) body = <EmptyState text={t.empty} compact />;
  else
    body = (
      <ul className="fin-subs">
        {list.map((sub, index) => {
          const cancelled = sub.isCancelled === '1';
          // Paused: every renewal charge failed; it renews again only once resumed.
          const paused = !cancelled && sub.isPaused === '1';
          const state = cancelled ? 'cancelled' : paused ? 'paused' : 'active';
          return (
            <li key={`${sub.paydate}-${index}`} className="fin-sub" data-testid="subscription" data-state={state}>
              <div className="fin-sub__text">
                <span className="fin-sub__cost">{fill(t.perMonth, { cost: formatRoubles(sub.cost) })}</span>
                <span className={cx('fin-badge', state === 'active' ? 'fin-badge--ok' : 'fin-badge--muted')}>
                  {fill(t[state], { date: sub.paydate })}
                </span>
                {/* A failed renewal charge: the server says why and what happens next. */}
                {(sub.paymentFailed === '1' || sub.statusText !== '') && (
                  <span className={cx('fin-sub__status', sub.paymentFailed === '1' && 'fin-sub__status--failed')} data-testid="sub-status">
                    {sub.statusText || t.renewalFailed}
                  </span>
                )}
              </div>
              {state === 'active' ? (
                <Button variant="secondary" size="sm" onClick={() => open('cancel', sub.paydate)} data-testid="sub-cancel">
                  {t.cancel}
                </Button>
              ) : (
                <Button variant="secondary" size="sm" onClick={() => open('resume', sub.paydate, paused)} data-testid="sub-resume">
                  {t.resume}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    );

  const cancelling = action?.kind === 'cancel';
  return (
    <Card title={t.title} className={cx('fin-card fin-subs-card', className)}>
      {body}
      {reloadError && (
        <div className="fin-inline-error" role="alert" data-testid="subs-reload-error">
          <span>{reloadError}</span>
          <Button variant="secondary" size="sm" onClick={() => void subs.refetch().then((result) => !result.isError && setReloadError(null))}>
            {ruFinances.retry}
          </Button>
        </div>
      )}
      <ConfirmPopup
        open={action !== null}
        title={cancelling ? t.cancelTitle : t.resumeTitle}
        text={action ? fill(cancelling ? t.cancelText : action.paused ? t.resumePausedText : t.resumeText, { date: action.paydate }) : undefined}
        confirmLabel={cancelling ? t.cancelConfirm : t.resumeConfirm}
        cancelLabel={cancelling ? t.keep : undefined}
        danger={cancelling}
        error={actionError}
        onConfirm={() => (action ? run.mutateAsync(action.kind) : undefined)}
        onCancel={() => setAction(null)}
      />
    </Card>
  );
}
