import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setTaskCheckedP2, setTasksCheckedP2, type ResultP2Item } from '@shared/contract/curator-homework';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ruCuratorHomework } from '../../i18n/curator-homework';
import { api } from '../../lib/api';
import { Button, ErrorBox, QueryState } from '../../ui';
import { curatorHomeworkKeys, curatorHomeworkQueries } from './api';
import { draftOf, TaskChecker, toTaskCheck, type CheckDraft } from './TaskChecker';
import './curator-homework.css';

const t = ruCuratorHomework.tasks;
const itemKey = (item: ResultP2Item) => item.userVkId;

/**
 * Back-office §2.4 'HtP2Tasks': one task of every submitted work (route
 * curator/homeworks/ht_p2_tasks/:dzNum/:onlyChecked/:taskNum). §4 batch: save tasks; mark all
 * checked (when viewing unchecked); reset checking (when viewing checked). Drafts live in this
 * screen's state, so the batch is collected at once (no 5 s wait for child editors).
 */
export function HtP2TasksPage() {
  const params = useParams();
  const dzNum = Number(params.dzNum);
  const onlyChecked = params.onlyChecked === '1' ? '1' : '0';
  const taskNum = Number(params.taskNum);
  const queryClient = useQueryClient();
  const result = useQuery(curatorHomeworkQueries.task(dzNum, onlyChecked, taskNum));
  const [drafts, setDrafts] = useState<Record<string, CheckDraft>>({});
  const [notice, setNotice] = useState('');
  useEffect(() => {
    if (result.data) setDrafts(Object.fromEntries(result.data.result.map((item) => [itemKey(item), draftOf(item)])));
  }, [result.data]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: curatorHomeworkKeys.all });

  const batch = useMutation({
    mutationFn: (status: '0' | '1' | 'keep') =>
      api.call(
        setTasksCheckedP2,
        {
          tasks: (result.data?.result ?? []).map((item) => ({
            dzNum,
            studentId: item.userVkId,
            taskNum,
            taskStatus: status === 'keep' ? item.isChecked : status,
            jsonData: toTaskCheck(drafts[itemKey(item)] ?? draftOf(item)),
          })),
        },
        { handleErrors: true },
      ),
    onMutate: () => setNotice(''),
    onSuccess: async () => {
      setNotice(ruCuratorHomework.p2.saved);
      await refresh();
    },
  });
  const one = useMutation({
    mutationFn: ({ item, status }: { item: ResultP2Item; status: '0' | '1' }) =>
      api.call(setTaskCheckedP2, { dzNum, studentId: item.userVkId, taskNum, taskStatus: status, jsonData: toTaskCheck(drafts[itemKey(item)] ?? draftOf(item)) }, { handleErrors: true }),
    onMutate: () => setNotice(''),
    onSuccess: async () => {
      setNotice(ruCuratorHomework.p2.saved);
      await refresh();
    },
  });
  const items = result.data?.result ?? [];
  const error = batch.error ?? one.error;

  return (
    <section className="screen curator-hw" aria-labelledby="ht-tasks-title">
      <Link className="curator-hw__back" to={`/curator/homeworks/${dzNum}`}>
        ← {ruCuratorHomework.back}
      </Link>
      <h1 id="ht-tasks-title">{t.title(dzNum, taskNum)}</h1>
      <QueryState query={result} errorText={(error) => ruCuratorHomework.p2.error(error.message)} retryLabel={ruCuratorHomework.retry} empty={() => items.length === 0 && t.empty}>
        {() => (
          <>
            <div className="curator-hw__tasks">
              {items.map((item) =>
                drafts[itemKey(item)] ? (
                  <TaskChecker
                    key={`${itemKey(item)}-${result.dataUpdatedAt}`}
                    item={item}
                    heading={t.student(item.userSurname, item.userName)}
                    draft={drafts[itemKey(item)]!}
                    editable
                    onChange={(draft) => setDrafts((current) => ({ ...current, [itemKey(item)]: draft }))}
                    extra={
                      <Button size="sm" variant="secondary" disabled={one.isPending} onClick={() => one.mutate({ item, status: item.isChecked === '1' ? '0' : '1' })}>
                        {item.isChecked === '1' ? t.unmarkOne : t.markOne}
                      </Button>
                    }
                  />
                ) : null,
              )}
            </div>
            {error && <ErrorBox message={batch.isError ? `${t.saveError}: ${error.message}` : error.message} />}
            {notice && (
              <p className="curator-hw__notice" role="status">
                {notice}
              </p>
            )}
            <div className="curator-hw__actions">
              <Button loading={batch.isPending && batch.variables === 'keep'} disabled={batch.isPending} onClick={() => batch.mutate('keep')}>
                {t.saveAll}
              </Button>
              {onlyChecked === '0' ? (
                <Button variant="secondary" loading={batch.isPending && batch.variables === '1'} disabled={batch.isPending} onClick={() => batch.mutate('1')}>
                  {t.markAll}
                </Button>
              ) : (
                <Button variant="secondary" loading={batch.isPending && batch.variables === '0'} disabled={batch.isPending} onClick={() => batch.mutate('0')}>
                  {t.resetAll}
                </Button>
              )}
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}
