import { useQuery } from '@tanstack/react-query';
import { CHECK_TEXTS, type ResultP2Item, type ReviewerAction } from '@shared/contract/curator-homework';
import { formatMoscowDateTime } from '@shared/domain/moscow-time';
import { reviewerTransition } from '@shared/domain/reviewer-transitions';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ruCuratorHomework } from '../../i18n/curator-homework';
import { Button, ConfirmPopup, EmptyState, ErrorBox, Loader } from '../../ui';
import { curatorHomeworkQueries } from './api';
import { ConflictView } from './offline/ConflictView';
import { adoptWork, forgetWork, listConflicts, queueReview, readWork, refreshCleanWork, saveChecks, type OfflineScope } from './offline/offline-checks';
import { announceOfflineChange, callApi, useOfflineChecks } from './offline/use-offline-checks';
import { draftOf, TaskChecker, toTaskCheck, type CheckDraft } from './TaskChecker';
import './curator-homework.css';

const t = ruCuratorHomework.p2;
const o = ruCuratorHomework.offline;
const ACTIONS: { action: ReviewerAction; label: string; done: string; variant: 'primary' | 'secondary' | 'danger' }[] = [
  { action: 'saveChecking', label: t.save, done: t.saved, variant: 'secondary' },
  { action: 'endChecking', label: t.end, done: t.done, variant: 'primary' },
  { action: 'reject', label: t.reject, done: t.rejected, variant: 'danger' },
  { action: 'return', label: t.back, done: t.returned, variant: 'secondary' },
];

const checksOfDrafts = (drafts: Record<number, CheckDraft>) => Object.fromEntries(Object.entries(drafts).map(([q, draft]) => [q, toTaskCheck(draft)]));
/** One empty list for every render: effects that read the items do not rerun on a new `[]`. */
const NO_ITEMS: ResultP2Item[] = [];
const draftsOfItems = (items: ResultP2Item[]) => Object.fromEntries(items.map((item) => [item.qNumber, draftOf(item)]));

/**
 * Back-office §2.4 'HtP2Result': one student's part 2 under check (route curator/homeworks/ht_p2/:dzNum/:id).
 *
 * Every check is kept on this device from its first change (offline checking): the work's copy and
 * the curator's checks live in the offline store, so a dropped connection or a closed laptop loses
 * nothing. An action is queued and sent at once when online, later otherwise, with the version the
 * check started from; a work changed on the server meanwhile shows both versions to choose from.
 */
export function HtP2ResultPage() {
  const params = useParams();
  const dzNum = Number(params.dzNum);
  const studentId = params.id ?? '';
  const offline = useOfflineChecks(dzNum);
  const local = offline.works.find((work) => work.studentKey === studentId) ?? null;
  const conflict = offline.conflicts.find((item) => item.studentKey === studentId) ?? null;
  const remote = useQuery(curatorHomeworkQueries.p2Result(dzNum, studentId, offline.loaded && !local));
  const items = local?.items ?? remote.data?.result ?? NO_ITEMS;
  // The editor is reset only when the server version under it changes, never by its own saves, and
  // not when its first change turns the server copy into a local one (same version).
  const sourceKey = local ? local.baseVersion : (remote.data?.result[0]?.workVersion ?? '');
  const [drafts, setDrafts] = useState<Record<number, CheckDraft>>({});
  const [shownSource, setShownSource] = useState('');
  useEffect(() => {
    if (!sourceKey || sourceKey === shownSource) return;
    setShownSource(sourceKey);
    setDrafts(local ? Object.fromEntries(Object.entries(local.checks).map(([q, check]) => [Number(q), { ...check }])) : draftsOfItems(items));
  }, [sourceKey, shownSource, local, items]);

  // A clean local copy follows the server when there is a connection (checked or returned elsewhere).
  const localClean = Boolean(local && !local.dirty && !local.queued);
  const { online, scope } = offline;
  useEffect(() => {
    if (!localClean || !online || !scope) return;
    void refreshCleanWork(callApi, scope, dzNum, studentId, Date.now())
      .then(announceOfflineChange)
      .catch(() => undefined); // no connection after all: the local copy stays
  }, [localClean, online, scope, dzNum, studentId]);

  const [notice, setNotice] = useState('');
  // The action whose notice says it waits for the connection: once the background sync sent it
  // (the local copy no longer has it queued), the notice says it is done instead of staying stale.
  const waitingAction = useRef<ReviewerAction | null>(null);
  useEffect(() => {
    const sent = waitingAction.current;
    if (local?.queued || sent === null) return;
    waitingAction.current = null;
    setNotice((current) => (current === o.queuedNotice ? ACTIONS.find((item) => item.action === sent)!.done : current));
  }, [local?.queued]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<ReviewerAction | null>(null);
  const [forgetting, setForgetting] = useState(false);
  // Local saves run one after another, so the last change is the one that stays.
  const saving = useRef<Promise<unknown>>(Promise.resolve());

  /** Keeps the checks on the device; the first change turns the server copy into a local one. */
  const keepLocally = async (scope: OfflineScope, next: Record<number, CheckDraft>) => {
    await adoptWork(scope, items, Date.now());
    await saveChecks(scope, dzNum, studentId, checksOfDrafts(next));
  };

  const persist = (next: Record<number, CheckDraft>) => {
    const scope = offline.scope;
    if (!scope) return setError(o.noOwner);
    saving.current = saving.current
      .then(async () => {
        await keepLocally(scope, next);
        if (!local) announceOfflineChange(); // the work just became a local copy
      })
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)));
  };

  const change = (qNumber: number, draft: CheckDraft) => {
    setNotice('');
    const next = { ...drafts, [qNumber]: draft };
    setDrafts(next);
    persist(next);
  };

  const act = async (action: ReviewerAction) => {
    setBusy(action);
    setNotice('');
    setError('');
    try {
      const scope = offline.scope;
      if (!scope) throw new Error(o.noOwner);
      await saving.current;
      await keepLocally(scope, drafts);
      await queueReview(scope, dzNum, studentId, action);
      announceOfflineChange();
      if (navigator.onLine) await offline.sync();
      if ((await listConflicts(scope, dzNum)).some((item) => item.studentKey === studentId)) return; // the conflict view says it
      const after = await readWork(scope, dzNum, studentId);
      waitingAction.current = after?.queued ? action : null;
      setNotice(after?.queued ? o.queuedNotice : ACTIONS.find((item) => item.action === action)!.done);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(null);
    }
  };

  const forget = async () => {
    if (offline.scope) await forgetWork(offline.scope, dzNum, studentId);
    setShownSource('');
    announceOfflineChange();
    setForgetting(false);
  };

  const first = items[0];
  const status = first?.htUserStatusP2 ?? '';
  const editable = !conflict && (reviewerTransition('saveChecking', status) !== null || reviewerTransition('endChecking', status) !== null);
  const total = Object.values(drafts).reduce((sum, draft) => sum + (draft.ballov ?? 0), 0);
  const max = items.reduce((sum, item) => sum + item.realBall, 0);
  const loading = !offline.loaded || (!local && remote.isPending);

  return (
    <section className="screen curator-hw" aria-labelledby="ht-p2-title">
      <Link className="curator-hw__back" to={`/curator/homeworks/${dzNum}`}>
        ← {ruCuratorHomework.back}
      </Link>
      <h1 id="ht-p2-title">{t.title(dzNum)}</h1>
      {loading ? (
        <Loader />
      ) : !local && remote.isError ? (
        <ErrorBox
          message={[t.error(remote.error.message), !offline.online && o.notDownloaded].filter(Boolean).join(' ')}
          onRetry={() => void remote.refetch()}
          retryLabel={ruCuratorHomework.retry}
        />
      ) : !first ? (
        <EmptyState text={t.empty} />
      ) : (
        <>
          {local && (
            <div className="offline-banner" role="status" data-testid="local-copy">
              <span>{o.localCopy(formatMoscowDateTime(local.fetchedAt))}</span>
              {local.queued && <strong>{o.queued(ruCuratorHomework.actionNames[local.queued] ?? local.queued)}</strong>}
              {!offline.online && <span>{o.noConnection}</span>}
              <Button variant="secondary" size="sm" onClick={() => (local.dirty || local.queued ? setForgetting(true) : void forget())}>
                {o.forget}
              </Button>
            </div>
          )}
          {/* First thing on the screen: until it is settled nothing else can be sent. */}
          {conflict && offline.scope && <ConflictView scope={offline.scope} conflict={conflict} onResolved={() => setShownSource('')} />}
          <dl className="curator-hw__facts">
            <div>
              <dt>
                {first.userSurname} {first.userName}
              </dt>
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
          {!editable && !conflict && <p className="curator-hw__muted">{status === 'Выполняется' ? CHECK_TEXTS.notSubmitted : t.readOnly}</p>}
          <div className="curator-hw__tasks">
            {items.map((item) =>
              drafts[item.qNumber] ? (
                <TaskChecker
                  key={`${item.qNumber}-${shownSource}`}
                  item={item}
                  heading={t.task(item.qNumber, item.qTaskNumber)}
                  draft={drafts[item.qNumber]!}
                  editable={editable}
                  onChange={(draft) => change(item.qNumber, draft)}
                />
              ) : null,
            )}
          </div>
          {error && <ErrorBox message={error} />}
          {notice && (
            <p className="curator-hw__notice" role="status">
              {notice}
            </p>
          )}
          {!conflict && (
            <div className="curator-hw__actions">
              {ACTIONS.filter(({ action }) => reviewerTransition(action, status) !== null).map(({ action, label, variant }) => (
                <Button key={action} variant={variant} loading={busy === action} disabled={busy !== null} onClick={() => void act(action)}>
                  {label}
                </Button>
              ))}
            </div>
          )}
          <ConfirmPopup open={forgetting} title={o.forget} text={o.forgetSure} danger onConfirm={forget} onCancel={() => setForgetting(false)} />
        </>
      )}
    </section>
  );
}
