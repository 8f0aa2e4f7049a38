import { useState } from 'react';
import { ruHomeworkP2 } from '../../../i18n/homework-p2';
import { failureReason } from '../../../lib/error-text';
import { Button, cx, ErrorBox } from '../../../ui';
import { clearDraft, homeworkKey } from '../p2-storage';
import { resolveP2Conflict, type P2Conflict, type P2ConflictTask, type TaskChoice } from './p2-outbox';
import { announceP2Change, callApi, studentScope } from './use-p2-outbox';

const t = ruHomeworkP2.conflict;

/**
 * Answers typed without a connection that the server refused meanwhile (another device, the work
 * submitted or checked, its time over): both texts task by task, and the student's choice of which
 * to keep. Nothing leaves the device until they choose; their own text can always be copied.
 */
export function P2ConflictView({ conflict, onResolved }: { conflict: P2Conflict; onResolved: () => void }) {
  const [choice, setChoice] = useState<Record<string, TaskChoice>>(() => Object.fromEntries(conflict.tasks.map((task) => [task.q, conflict.canKeepMine && task.differs ? 'mine' : 'server'])));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const resolve = async (picked: Record<string, TaskChoice>) => {
    setBusy(true);
    setError('');
    try {
      const scope = await studentScope();
      if (!scope) return;
      await resolveP2Conflict(callApi, scope, conflict.htNum, conflict.dop, picked);
      // The form opens from the server's texts again: the device draft of these answers goes too.
      await clearDraft(homeworkKey(conflict.htNum, conflict.dop), conflict.tab);
      onResolved();
    } catch (failure) {
      setError(t.resolveError(failureReason(failure)));
    } finally {
      setBusy(false);
      announceP2Change();
    }
  };
  const allServer = Object.fromEntries(conflict.tasks.map((task) => [task.q, 'server' as const]));
  return (
    <section className="p2-conflict" aria-labelledby="p2-conflict-title" data-testid="p2-conflict">
      <h2 id="p2-conflict-title" className="p2-conflict__title">
        {t.title}
      </h2>
      <p className="p2-conflict__reason" role="alert">
        {t.reason(conflict.message.replace(/[.!]+$/, ''))}
      </p>
      <p className="p2-muted">{conflict.canKeepMine ? t.chooseHint : t.readOnlyHint}</p>
      {conflict.tasks.map((task) => (
        <ConflictTask
          key={task.q}
          task={task}
          canKeepMine={conflict.canKeepMine}
          choice={choice[task.q] ?? 'server'}
          onChoose={(next) => setChoice((previous) => ({ ...previous, [task.q]: next }))}
        />
      ))}
      {error && <ErrorBox message={error} />}
      <div className="p2-conflict__actions">
        {conflict.canKeepMine ? (
          <Button loading={busy} onClick={() => void resolve(choice)} data-testid="p2-conflict-save">
            {t.saveChoice}
          </Button>
        ) : (
          <Button loading={busy} onClick={() => void resolve(allServer)} data-testid="p2-conflict-accept">
            {t.acceptServer}
          </Button>
        )}
      </div>
    </section>
  );
}

function ConflictTask({ task, canKeepMine, choice, onChoose }: { task: P2ConflictTask; canKeepMine: boolean; choice: TaskChoice; onChoose: (choice: TaskChoice) => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(task.mine);
      setCopied('yes');
    } catch {
      // No clipboard (plain http on a school network): the text is on screen to select.
      setCopied('failed');
    }
  };
  const headingId = `p2-conflict-q-${task.q}`;
  return (
    <article className={cx('p2-conflict__task', task.differs && 'p2-conflict__task--differs')} aria-labelledby={headingId} data-testid={`p2-conflict-task-${task.q}`}>
      <h3 id={headingId} className="p2-conflict__task-title">
        {t.question(task.q, task.task)}
        <span className={cx('p2-conflict__badge', task.differs && 'p2-conflict__badge--differs')}>{task.differs ? t.differs : t.same}</span>
      </h3>
      <div className="p2-conflict__texts">
        <div className={cx('p2-conflict__text', task.differs && choice === 'mine' && 'is-chosen')} data-testid={`p2-conflict-mine-${task.q}`}>
          <p className="p2-conflict__who">{t.mine}</p>
          <p className={cx('p2-conflict__body', !task.mine && 'p2-muted')}>{task.mine || t.empty}</p>
        </div>
        <div className={cx('p2-conflict__text', task.differs && choice === 'server' && 'is-chosen')} data-testid={`p2-conflict-server-${task.q}`}>
          <p className="p2-conflict__who">{t.server}</p>
          <p className={cx('p2-conflict__body', !task.server && 'p2-muted')}>{task.server || t.empty}</p>
        </div>
      </div>
      {task.differs && (
        <div className="p2-conflict__choice">
          {canKeepMine && (
            <div className="p2-conflict__toggle" role="group" aria-label={t.question(task.q, task.task)}>
              <Button size="sm" variant={choice === 'mine' ? 'primary' : 'secondary'} aria-pressed={choice === 'mine'} onClick={() => onChoose('mine')} data-testid={`p2-conflict-keep-${task.q}`}>
                {t.keepMine}
              </Button>
              <Button size="sm" variant={choice === 'server' ? 'primary' : 'secondary'} aria-pressed={choice === 'server'} onClick={() => onChoose('server')} data-testid={`p2-conflict-take-${task.q}`}>
                {t.takeServer}
              </Button>
            </div>
          )}
          {task.mine && (
            <Button size="sm" variant="ghost" onClick={() => void copy()} data-testid={`p2-conflict-copy-${task.q}`}>
              {copied === 'yes' ? t.copied : t.copy}
            </Button>
          )}
          {copied === 'failed' && <p className="p2-muted">{t.copyFailed}</p>}
        </div>
      )}
    </article>
  );
}
