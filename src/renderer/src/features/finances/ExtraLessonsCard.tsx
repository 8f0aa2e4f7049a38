import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buyIntensivRazdelLesson } from '@shared/contract/finances';
import { ruFinances } from '../../i18n/finances';
import { api } from '../../lib/api';
import { Button, Card, ConfirmPopup, cx, EmptyState, ErrorBox, fill, Loader } from '../../ui';
import { failureText, isSignedOut } from './errors';
import { formatRoubles } from './money';
import { financeKeys, useExtraLessons } from './use-finances';

const t = ruFinances.lessons;

interface Section {
  number: string;
  name: string;
  countLessons: string;
  price: string;
}

/** Extra recorded lessons by section (shell §3.14, §4.6); bought with the balance, then shown as 'Куплен'. */
export function ExtraLessonsCard({ className }: { className?: string }) {
  const lessons = useExtraLessons();
  const queryClient = useQueryClient();
  const [buying, setBuying] = useState<Section | null>(null);
  const [buyError, setBuyError] = useState<string | undefined>(undefined);
  const list = lessons.data?.razdelsInfo;

  const buy = useMutation({
    mutationFn: (section: Section) => api.call(buyIntensivRazdelLesson, { razdelNum: section.number }, { handleErrors: true }),
    onSuccess: async () => {
      setBuying(null);
      // Shell §4.6: the balance and the lesson list are read again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: financeKeys.lessons }),
        queryClient.invalidateQueries({ queryKey: financeKeys.history }),
        queryClient.invalidateQueries({ queryKey: financeKeys.userInfo }),
      ]);
    },
    onError: (failure) => setBuyError(failureText(failure, ruFinances.errors.buyLesson)),
  });

  let body;
  if (lessons.isPending) body = <Loader />;
  else if (!list)
    body = isSignedOut(lessons.error) ? null : (
      <ErrorBox message={failureText(lessons.error, ruFinances.errors.lessons)} onRetry={() => void lessons.refetch()} retryLabel={ruFinances.retry} />
    );
  else if (list.length === 0) body = <EmptyState text={t.empty} compact />;
  else
    body = (
      <ul className="fin-lessons">
        {list.map((section) => (
          <li key={section.number} className="fin-lesson" data-testid="extra-section" data-number={section.number}>
            <div className="fin-lesson__text">
              <span className="fin-lesson__name">{section.name}</span>
              <span className="fin-lesson__meta">
                {fill(t.count, { count: section.countLessons })} · {fill(t.price, { price: formatRoubles(section.price) })}
              </span>
            </div>
            {section.isAccess === '1' ? (
              <span className="fin-badge fin-badge--ok" data-testid="extra-bought">
                {t.bought}
              </span>
            ) : (
              <Button
                size="sm"
                onClick={() => {
                  setBuyError(undefined);
                  setBuying(section);
                }}
                data-testid="extra-buy"
              >
                {t.buy}
              </Button>
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <Card title={t.title} className={cx('fin-card fin-lessons-card', className)}>
      {body}
      <ConfirmPopup
        open={buying !== null}
        title={t.buyTitle}
        text={buying ? fill(t.buyText, { name: buying.name, count: fill(t.count, { count: buying.countLessons }).toLowerCase(), price: formatRoubles(buying.price) }) : undefined}
        confirmLabel={buying ? fill(t.buyConfirm, { price: formatRoubles(buying.price) }) : undefined}
        error={buyError}
        onConfirm={() => (buying ? buy.mutateAsync(buying) : undefined)}
        onCancel={() => setBuying(null)}
      />
    </Card>
  );
}
