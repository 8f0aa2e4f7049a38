import type { ResultP2Item, TaskCheck } from '@shared/contract/curator-homework';
import { useState } from 'react';
import { ruCuratorHomework } from '../../../i18n/curator-homework';
import { Button, ErrorBox, cx } from '../../../ui';
import { resolveConflict, type ConflictChoice, type OfflineScope, type ReviewConflict } from './offline-checks';
import { announceOfflineChange, callApi } from './use-offline-checks';

const t = ruCuratorHomework.conflict;

const sameCheck = (a: TaskCheck | undefined, b: TaskCheck | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function CheckSummary({ check, max }: { check: TaskCheck | undefined; max: number }) {
  return (
    <>
      <p>{t.score(check?.ballov ?? null, max)}</p>
      <p className={check?.cur_comment ? undefined : 'curator-hw__muted'}>{check?.cur_comment || t.noComment}</p>
      <p className="curator-hw__muted">{t.segments(Object.keys(check?.add_comments ?? {}).length)}</p>
    </>
  );
}

const serverCheck = (item: ResultP2Item): TaskCheck => ({ cur_comment: item.teacherComment, ballov: item.userBall, add_comments: item.teacherJson, criteria_ballov: item.criteriaBalls ?? {} });

/**
 * A conflict of an offline check: the curator's check and the work as it is on the server now,
 * task by task with the differences marked, and the choice of which to keep.
 */
export function ConflictView({ scope, conflict, onResolved }: { scope: OfflineScope; conflict: ReviewConflict; onResolved?: () => void }) {
  const [busy, setBusy] = useState<ConflictChoice | null>(null);
  const [error, setError] = useState('');
  const first = conflict.server[0];
  const name = first ? `${first.userSurname} ${first.userName}` : conflict.studentKey;
  const choose = async (choice: ConflictChoice) => {
    setBusy(choice);
    setError('');
    try {
      await resolveConflict(callApi, scope, conflict.entryId, choice, Date.now());
      onResolved?.();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(null);
      announceOfflineChange();
    }
  };
  const questions = first ? conflict.server.map((item) => item.qNumber) : Object.keys(conflict.mine).map(Number);
  return (
    <section className="conflict" aria-label={t.title(name)} data-testid={`conflict-${conflict.studentKey}`}>
      <h3 className="conflict__title">{t.title(name)}</h3>
      <p className="conflict__message" role="alert">
        {conflict.message}
      </p>
      <div className="conflict__grid">
        <div className="conflict__head">
          <strong>{t.mine}</strong>
          <span className="curator-hw__muted">{t.action(ruCuratorHomework.actionNames[conflict.action] ?? conflict.action)}</span>
        </div>
        <div className="conflict__head">
          <strong>{t.server}</strong>
          <span className="curator-hw__muted">{first ? t.status(first.htUserStatusP2 || '—', first.checker) : t.serverGone}</span>
        </div>
        {questions.map((qNumber) => {
          const item = conflict.server.find((candidate) => candidate.qNumber === qNumber);
          const mine = conflict.mine[String(qNumber)];
          const theirs = item ? serverCheck(item) : undefined;
          const differs = !sameCheck(mine, theirs);
          const heading = item ? ruCuratorHomework.p2.task(qNumber, item.qTaskNumber) : `№ ${qNumber}`;
          return [
            <div key={`m${qNumber}`} className={cx('conflict__cell', differs && 'conflict__cell--differs')}>
              <p className="conflict__who">{t.mine}</p>
              <p className="conflict__task">
                {heading}
                {differs && <span className="curator-hw__badge">{t.differs}</span>}
              </p>
              <CheckSummary check={mine} max={item?.realBall ?? 0} />
            </div>,
            <div key={`s${qNumber}`} className={cx('conflict__cell', differs && 'conflict__cell--differs')}>
              <p className="conflict__who">{t.server}</p>
              <p className="conflict__task">{heading}</p>
              {theirs ? <CheckSummary check={theirs} max={item!.realBall} /> : <p className="curator-hw__muted">{t.serverGone}</p>}
            </div>,
          ];
        })}
      </div>
      {error && <ErrorBox message={error} />}
      <div className="curator-hw__actions">
        <Button loading={busy === 'mine'} disabled={busy !== null} onClick={() => void choose('mine')}>
          {t.keepMine}
        </Button>
        <Button variant="secondary" loading={busy === 'server'} disabled={busy !== null} onClick={() => void choose('server')}>
          {t.keepServer}
        </Button>
      </div>
    </section>
  );
}
