import { endHtP2, type HomeworkP2Question, P2_TEXTS } from '@shared/contract/homework-p2';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { ruHomeworkP2 as t } from '../../i18n/homework-p2';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { failureReason } from '../../lib/error-text';
import { useOnline } from '../../lib/use-online';
import { Button, ConfirmPopup, Loader } from '../../ui';
import { ErrorPopup } from './ErrorPopup';
import { type DraftEntry, joinMistakeWork, mergeDraft, splitMistakeWork } from './logic';
import { P2OfflineNote } from './offline/P2OfflineNote';
import { readDraft } from './p2-storage';
import { QuestionHead } from './QuestionHead';
import { ScoreBadge } from './ScoreBadge';
import { saveStateText, useP2Save } from './use-p2-save';

interface AnswerFormProps {
  htNum: number;
  dop: '0' | '1';
  tab: string;
  storageKey: string;
  mistakeWork: boolean;
  questions: HomeworkP2Question[];
  onSubmitted: () => void;
  /** The server keeps a time budget for this part (it runs on without a connection). */
  timed: boolean;
  /** The time budget reached zero: the answers can no longer change. */
  timeUp: boolean;
  /** Zero was just reached on this page: save once, then submit. */
  finishNow: boolean;
  onTimeUp: (state: TimeUpState) => void;
}

export type TimeUpState = { kind: 'sending' } | { kind: 'sent' } | { kind: 'closed' } | { kind: 'failed'; message: string };

/**
 * The answering form of a work in progress (learning §2, §9). The device's unsaved draft is read
 * from the offline store first (asynchronous, a few milliseconds): the form appears once it is
 * known, so a draft arriving late can never overwrite what the student has typed.
 */
export function AnswerForm(props: AnswerFormProps) {
  const [draft, setDraft] = useState<{ value: DraftEntry | undefined } | null>(null);
  useEffect(() => {
    let alive = true;
    void readDraft(props.storageKey, props.tab)
      .catch(() => undefined)
      .then((value) => {
        if (alive) setDraft({ value });
      });
    return () => {
      alive = false;
    };
  }, [props.storageKey, props.tab]);
  if (!draft) return <Loader />;
  return <AnswerFormBody {...props} draft={draft.value} />;
}

function AnswerFormBody(props: AnswerFormProps & { draft: DraftEntry | undefined }) {
  const { questions, mistakeWork } = props;
  // The starting text is fixed once per mount: the server's answers with the unsaved draft over them.
  const [start] = useState(() => {
    const server = Object.fromEntries(questions.map((q) => [String(q.qNumber), q.userAnswer]));
    return { server, ...mergeDraft(server, props.draft) };
  });
  const locked = useMemo(() => new Set(questions.filter((q) => q.isChecked === '1' && !mistakeWork).map((q) => String(q.qNumber))), [questions, mistakeWork]);
  const saver = useP2Save({ htNum: props.htNum, dop: props.dop, tab: props.tab, storageKey: props.storageKey, initial: start.answers, server: start.server, locked, startDirty: start.restored });
  const online = useOnline();
  const [confirmSubmit, setConfirmSubmit] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);

  // At zero: the last text is saved (the server takes it within a short grace), then the work is
  // submitted so nothing typed is lost; the server would submit the saved answers itself anyway.
  const finishedRef = useRef(false);
  const finish = useEffectEvent(() => {
    props.onTimeUp({ kind: 'sending' });
    void (async () => {
      setConfirmSubmit(false);
      if (saver.isDirty()) await saver.save({ quiet: true });
      try {
        await api.call(endHtP2, { htNum: props.htNum, isDopPart: props.dop }, { handleErrors: true });
        props.onTimeUp({ kind: 'sent' });
      } catch (caught) {
        // Already closed by the server (the time and its grace ran out, e.g. after sleep): it sent what was saved.
        if (caught instanceof ApiError && caught.kind === 'failure' && caught.message === P2_TEXTS.notEditable) props.onTimeUp({ kind: 'closed' });
        else props.onTimeUp({ kind: 'failed', message: failureReason(caught) });
      }
    })();
  });
  useEffect(() => {
    if (!props.finishNow || finishedRef.current) return;
    finishedRef.current = true;
    finish();
  }, [props.finishNow]);

  const submit = async () => {
    setConfirmSubmit(false);
    if (saver.isDirty() && !(await saver.save())) return;
    try {
      await api.call(endHtP2, { htNum: props.htNum, isDopPart: props.dop }, { handleErrors: true });
      props.onSubmitted();
    } catch (caught) {
      setSendError(caught instanceof ApiError && caught.kind === 'failure' ? caught.message : t.sendError + failureReason(caught));
    }
  };

  return (
    <form
      className="p2-form"
      onSubmit={(event) => {
        event.preventDefault();
        void saver.save();
      }}
    >
      {(!online || saver.state.kind === 'queued') && <P2OfflineNote timed={props.timed} />}
      {start.restored && (
        <p className="p2-note" role="status" data-testid="p2-draft-restored">
          {t.draftRestored}
        </p>
      )}
      {questions.map((question) => {
        const q = String(question.qNumber);
        const full = saver.answers[q] ?? '';
        const old = mistakeWork ? question.userOldAnswer : '';
        const disabled = locked.has(q) || props.timeUp;
        const headingId = `p2-q-${q}`;
        return (
          <section key={q} className="p2-q" aria-labelledby={headingId} data-testid={`p2-question-${q}`}>
            <QuestionHead question={question} headingId={headingId} />
            {old !== '' && (
              <div className="p2-old">
                <p className="p2-old__label">
                  {t.oldAnswer}
                  {/* The points earned for it stay in sight while it is being improved. */}
                  {question.userBall !== null && <ScoreBadge ball={question.userBall} max={question.realBall} testId={`p2-old-score-${q}`} />}
                </p>
                <p className="p2-old__text">{old}</p>
              </div>
            )}
            <label className="p2-answer">
              <span className="p2-answer__label">{old !== '' ? t.addedAnswer : t.answer}</span>
              <textarea
                className="ui-field__control p2-answer__input"
                rows={6}
                value={old !== '' ? splitMistakeWork(old, full) : full}
                disabled={disabled}
                aria-required={question.q2ObyazDz === '1'}
                onChange={(event) => saver.update(q, old !== '' ? joinMistakeWork(old, event.target.value) : event.target.value)}
                data-testid={`p2-answer-${q}`}
              />
              {locked.has(q) && <span className="p2-answer__hint">{t.checkedLocked}</span>}
            </label>
          </section>
        );
      })}
      <div className="p2-actions">
        <p className={`p2-save-state p2-save-state--${saver.state.kind}`} role="status" aria-live="polite" data-testid="p2-save-state">
          {saveStateText(saver.state)}
        </p>
        <Button type="submit" variant="secondary" loading={saver.state.kind === 'saving'} disabled={props.timeUp} data-testid="p2-save">
          {t.save}
        </Button>
        <Button type="button" onClick={() => setConfirmSubmit(true)} disabled={props.timeUp} data-testid="p2-submit">
          {t.submit}
        </Button>
      </div>
      <ConfirmPopup open={confirmSubmit} title={t.submitConfirm} text={t.submitConfirmText} confirmLabel={t.submitYes} cancelLabel={t.cancel} onConfirm={submit} onCancel={() => setConfirmSubmit(false)} />
      <ConfirmPopup
        open={saver.conflict}
        title={t.otherDeviceTitle}
        text={t.otherDevice}
        confirmLabel={t.forceSave}
        cancelLabel={t.cancel}
        danger
        onConfirm={saver.forceSave}
        onCancel={saver.dropConflict}
      />
      <ErrorPopup message={saver.error ?? sendError} onClose={() => (saver.error ? saver.clearError() : setSendError(null))} />
    </form>
  );
}

