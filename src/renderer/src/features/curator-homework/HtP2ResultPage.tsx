import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getResultP2, setResultP2, type ReviewerAction } from '@shared/contract/curator-homework';
import { reviewerTransition } from '@shared/domain/reviewer-transitions';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ruCuratorHomework } from '../../i18n/curator-homework';
import { api } from '../../lib/api';
import { Button, EmptyState, ErrorBox, Loader } from '../../ui';
import { draftOf, TaskChecker, toTaskCheck, type CheckDraft } from './TaskChecker';
import './curator-homework.css';

const t = ruCuratorHomework.p2;
const ACTIONS: { action: ReviewerAction; label: string; done: string; variant: 'primary' | 'secondary' | 'danger' }[] = [
  { action: 'saveChecking', label: t.save, done: t.saved, variant: 'secondary' },
  { action: 'endChecking', label: t.end, done: t.done, variant: 'primary' },
  { action: 'reject', label: t.reject, done: t.rejected, variant: 'danger' },
  { action: 'return', label: t.back, done: t.returned, variant: 'secondary' },
];

/** Back-office §2.4 'HtP2Result': one student's part 2 under check (route curator/homeworks/ht_p2/:dzNum/:id). */
export function HtP2ResultPage() {
  const params = useParams();
  const dzNum = Number(params.dzNum);
  const studentId = params.id ?? '';
  const queryClient = useQueryClient();
  const key = ['curatorHomework', 'p2', dzNum, studentId];
  const result = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.call(getResultP2, { dzNum, type: `userVkId:${studentId}`, onlyChecked: '0' }, { handleErrors: true, signal }),
  });
  const [drafts, setDrafts] = useState<Record<number, CheckDraft>>({});
  const [notice, setNotice] = useState('');
  useEffect(() => {
    if (result.data) setDrafts(Object.fromEntries(result.data.result.map((item) => [item.qNumber, draftOf(item)])));
  }, [result.data]);

  const act = useMutation({
    mutationFn: (action: ReviewerAction) =>
      api.call(setResultP2, { action, dzNum, studentId, jsonData: Object.fromEntries(Object.entries(drafts).map(([q, draft]) => [q, toTaskCheck(draft)])) }, { handleErrors: true }),
    onSuccess: async (_, action) => {
      setNotice(ACTIONS.find((item) => item.action === action)!.done);
      await queryClient.invalidateQueries({ queryKey: ['curatorHomework'] });
    },
    onMutate: () => setNotice(''),
  });

  const items = result.data?.result ?? [];
  const first = items[0];
  const status = first?.htUserStatusP2 ?? '';
  const editable = reviewerTransition('saveChecking', status) !== null || reviewerTransition('endChecking', status) !== null;
  const total = Object.values(drafts).reduce((sum, draft) => sum + (draft.ballov ?? 0), 0);
  const max = items.reduce((sum, item) => sum + item.realBall, 0);

  return (
    <section className="screen curator-hw" aria-labelledby="ht-p2-title">
      <Link className="curator-hw__back" to={`/curator/homeworks/${dzNum}`}>
        ← {ruCuratorHomework.back}
      </Link>
      <h1 id="ht-p2-title">{t.title(dzNum)}</h1>
      {result.isPending ? (
        <Loader />
      ) : result.isError ? (
        <ErrorBox message={t.error(result.error.message)} onRetry={() => void result.refetch()} retryLabel={ruCuratorHomework.retry} />
      ) : !first ? (
        <EmptyState text={t.empty} />
      ) : (
        <>
          <dl className="curator-hw__facts">
            <div>
              <dt>{first.userSurname} {first.userName}</dt>
              <dd>
                {t.goal}: {first.userGoalBall ?? '—'}
              </dd>
            </div>
            <div>
              <dt>{t.status}</dt>
              <dd data-testid="work-status">{status}</dd>
            </div>
            <div>
              <dt>{t.submitted}</dt>
              <dd className={first.isLate === '1' ? 'curator-hw__late' : undefined}>
                {first.htUserSubmitDate || '—'}
                {first.isLate === '1' && ` · ${ruCuratorHomework.check.late}`}
              </dd>
            </div>
            {first.checker && (
              <div>
                <dt>{t.checker}</dt>
                <dd>
                  {first.checker} {first.htInfo.htUserCheckDate}
                </dd>
              </div>
            )}
            <div>
              <dt>{t.total}</dt>
              <dd>
                {total} / {max}
              </dd>
            </div>
          </dl>
          {!editable && <p className="curator-hw__muted">{t.readOnly}</p>}
          <div className="curator-hw__tasks">
            {items.map((item) =>
              drafts[item.qNumber] ? (
                <TaskChecker
                  key={`${item.qNumber}-${result.dataUpdatedAt}`}
                  item={item}
                  heading={t.task(item.qNumber, item.qTaskNumber)}
                  draft={drafts[item.qNumber]!}
                  editable={editable}
                  onChange={(draft) => setDrafts((current) => ({ ...current, [item.qNumber]: draft }))}
                />
              ) : null,
            )}
          </div>
          {act.isError && <ErrorBox message={act.error.message} />}
          {notice && (
            <p className="curator-hw__notice" role="status">
              {notice}
            </p>
          )}
          <div className="curator-hw__actions">
            {ACTIONS.filter(({ action }) => reviewerTransition(action, status) !== null).map(({ action, label, variant }) => (
              <Button key={action} variant={variant} loading={act.isPending && act.variables === action} disabled={act.isPending} onClick={() => act.mutate(action)}>
                {label}
              </Button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
