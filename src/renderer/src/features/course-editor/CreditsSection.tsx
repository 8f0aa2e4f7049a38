import {
  COURSE_EDITOR_TEXTS,
  COURSE_LIMITS,
  deleteCreditAuto,
  deleteCreditVerbal,
  type getEditorLesson,
  saveCreditAuto,
  saveCreditVerbal,
} from '@shared/contract/course-editor';
import type { InputOf, OutputOf } from '@shared/contract/core';
import { formatMoscowDateTime, isoDateToRu } from '@shared/domain/moscow-time';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ruCourseEditor } from '../../i18n/course-editor';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { Button, Card, ErrorBox, Popup, TextField, WarningNote } from '../../ui';
import { instantOf, OptionalTimeField, optionalTimeOf } from './OptionalTime';
import { DeleteConfirm } from './DeleteConfirm';
import { FormActions } from './FormActions';
import { useEdit } from './use-edit';

const a = ruCourseEditor.creditAuto;
const v = ruCourseEditor.creditVerbal;

type Lesson = OutputOf<typeof getEditorLesson>;
type CreditAuto = Lesson['creditsAuto'][number];
type CreditVerbal = Lesson['creditsVerbal'][number];

const LESSON_LIST = /^\d{1,6}(\s*,\s*\d{1,6}){0,99}$/;

/** A whole number within [min, max] typed in a field, or undefined. */
function intIn(text: string, min: number, max: number): number | undefined {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

/** A list of the lesson's credits with «Изменить»/«Удалить», the dialog, and the delete confirmation. */
function CreditList<C extends { num: number; answeredBy: number }>({
  title,
  empty,
  addLabel,
  credits,
  name,
  describe,
  remove,
  texts,
  dialog,
}: {
  title: string;
  empty: string;
  addLabel: string;
  credits: C[];
  name: (num: number) => string;
  describe: (credit: C) => ReactNode;
  remove: (num: number) => Promise<unknown>;
  texts: { edit: string; delete: string; deleteTitle: (num: number) => string; deleteText: string; deleted: string };
  dialog: (credit: C | null, close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState<C | 'new' | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  return (
    <Card
      title={title}
      className="ce-section"
      actions={
        <Button size="sm" onClick={() => setOpen('new')}>
          {addLabel}
        </Button>
      }
    >
      {credits.length === 0 ? (
        <p className="ce-muted">{empty}</p>
      ) : (
        <ul className="ce-list">
          {credits.map((credit) => (
            <li key={credit.num} className="ce-list__row">
              <span className="ce-list__main">
                <span className="ce-list__title">{name(credit.num)}</span>
                {describe(credit)}
              </span>
              <span className="ce-list__actions">
                <Button size="sm" variant="secondary" onClick={() => setOpen(credit)} aria-label={`${texts.edit}: ${name(credit.num)}`}>
                  {texts.edit}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDeleting(credit.num)} aria-label={`${texts.delete}: ${name(credit.num)}`}>
                  {texts.delete}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {open !== null && dialog(open === 'new' ? null : open, () => setOpen(null))}
      {deleting !== null && (
        <DeleteConfirm
          title={texts.deleteTitle(deleting)}
          text={texts.deleteText}
          confirmLabel={texts.delete}
          done={texts.deleted}
          remove={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Card>
  );
}

export function CreditsAutoSection({ lessonNum, credits }: { lessonNum: number; credits: CreditAuto[] }) {
  return (
    <CreditList
      title={a.title}
      empty={a.empty}
      addLabel={a.add}
      credits={credits}
      name={a.name}
      texts={{ edit: ruCourseEditor.homework.edit, delete: a.delete, deleteTitle: a.deleteTitle, deleteText: a.deleteText, deleted: a.deleted }}
      remove={(num) => liveRequest(deleteCreditAuto, { num })}
      describe={(credit) => (
        <>
          <span className="ce-list__meta">{a.summary(credit.lessonNumbers, credit.questionCount, credit.maxMinutes, credit.maxAttempts, credit.maxErrors)}</span>
          <span className="ce-list__meta">
            {a.window(credit.startsAt === null ? a.always : formatMoscowDateTime(credit.startsAt), credit.deadlineAt === null ? a.noDeadline : formatMoscowDateTime(credit.deadlineAt))}
          </span>
          {(credit.answeredBy > 0 || credit.inProgress > 0) && (
            <span className="ce-list__meta ce-warn-text">
              {[credit.answeredBy > 0 && ruCourseEditor.homework.answered(credit.answeredBy), credit.inProgress > 0 && ruCourseEditor.homework.inProgress(credit.inProgress)].filter(Boolean).join(' · ')}
            </span>
          )}
        </>
      )}
      dialog={(credit, close) => <CreditAutoDialog lessonNum={lessonNum} credit={credit} onClose={close} />}
    />
  );
}

function CreditAutoDialog({ lessonNum, credit, onClose }: { lessonNum: number; credit: CreditAuto | null; onClose: () => void }) {
  const [lessons, setLessons] = useState(credit?.lessonNumbers ?? String(lessonNum));
  const [start, setStart] = useState(optionalTimeOf(credit?.startsAt ?? null));
  const [deadline, setDeadline] = useState(optionalTimeOf(credit?.deadlineAt ?? null));
  const [questions, setQuestions] = useState(String(credit?.questionCount ?? 10));
  const [minutes, setMinutes] = useState(String(credit?.maxMinutes ?? 20));
  const [attempts, setAttempts] = useState(String(credit?.maxAttempts ?? 3));
  const [errors, setErrors] = useState(String(credit?.maxErrors ?? 2));
  const [touched, setTouched] = useState(false);
  const save = useEdit((input: InputOf<typeof saveCreditAuto>) => liveRequest(saveCreditAuto, input), { inlineErrors: true, done: a.saved, onSuccess: onClose });
  const startsAt = instantOf(start);
  const deadlineAt = instantOf(deadline);
  const numbers = {
    questionCount: intIn(questions, 1, COURSE_LIMITS.creditQuestions),
    maxMinutes: intIn(minutes, 1, COURSE_LIMITS.minutes),
    maxAttempts: intIn(attempts, 1, COURSE_LIMITS.creditAttempts),
    maxErrors: intIn(errors, 0, COURSE_LIMITS.creditQuestions),
  };
  const lessonsOk = LESSON_LIST.test(lessons.trim());
  const rangeOk = !(typeof startsAt === 'number' && typeof deadlineAt === 'number' && deadlineAt < startsAt);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const { questionCount, maxMinutes, maxAttempts, maxErrors } = numbers;
    if (!lessonsOk || startsAt === undefined || deadlineAt === undefined || !rangeOk) return;
    if (questionCount === undefined || maxMinutes === undefined || maxAttempts === undefined || maxErrors === undefined) return;
    save.mutate({ num: credit?.num ?? '', lessonNum, lessonNumbers: lessons.trim(), startsAt, deadlineAt, questionCount, maxMinutes, maxAttempts, maxErrors });
  };
  const bad = (value: number | undefined) => (touched && value === undefined ? a.badNumber : undefined);
  return (
    <Popup open onClose={onClose} title={credit ? a.editTitle(credit.num) : a.createTitle} size="md" className="ce-dialog">
      {credit && credit.answeredBy > 0 && <WarningNote>{a.warnAnswered(credit.answeredBy)}</WarningNote>}
      {credit && credit.inProgress > 0 && <WarningNote>{a.warnInProgress(credit.inProgress)}</WarningNote>}
      {credit && (credit.answeredBy > 0 || credit.inProgress > 0) && <p className="ce-note">{COURSE_EDITOR_TEXTS.newAttemptsOnly}</p>}
      <form className="ce-form" onSubmit={submit} noValidate>
        <TextField label={a.lessonNumbers} value={lessons} onChange={setLessons} hint={a.lessonNumbersHint} error={touched && !lessonsOk ? a.badLessons : undefined} />
        <OptionalTimeField value={start} onChange={setStart} check={a.hasStart} label={a.startsAt} error={touched && startsAt === undefined ? a.badDate : undefined} />
        <OptionalTimeField
          value={deadline}
          onChange={setDeadline}
          check={a.hasDeadline}
          label={a.deadlineAt}
          error={touched && deadlineAt === undefined ? a.badDate : touched && !rangeOk ? COURSE_EDITOR_TEXTS.badDateRange : undefined}
        />
        <div className="ce-row ce-row--numbers">
          <TextField label={a.questionCount} value={questions} onChange={setQuestions} inputMode="numeric" error={bad(numbers.questionCount)} />
          <TextField label={a.maxMinutes} value={minutes} onChange={setMinutes} inputMode="numeric" error={bad(numbers.maxMinutes)} />
          <TextField label={a.maxAttempts} value={attempts} onChange={setAttempts} inputMode="numeric" error={bad(numbers.maxAttempts)} />
          <TextField label={a.maxErrors} value={errors} onChange={setErrors} inputMode="numeric" error={bad(numbers.maxErrors)} />
        </div>
        {save.isError && <ErrorBox message={liveErrorText(save.error)} />}
        <FormActions cancelLabel={a.cancel} submitLabel={a.save} busy={save.isPending} onCancel={onClose} />
      </form>
    </Popup>
  );
}

export function CreditsVerbalSection({ lessonNum, credits }: { lessonNum: number; credits: CreditVerbal[] }) {
  return (
    <CreditList
      title={v.title}
      empty={v.empty}
      addLabel={v.add}
      credits={credits}
      name={v.name}
      texts={{ edit: ruCourseEditor.homework.edit, delete: v.delete, deleteTitle: v.deleteTitle, deleteText: v.deleteText, deleted: v.deleted }}
      remove={(num) => liveRequest(deleteCreditVerbal, { num })}
      describe={(credit) => (
        <>
          <span className="ce-list__meta">
            {v.summary(credit.lessonNumbers)} · {credit.startsOn && credit.endsOn ? v.period(isoDateToRu(credit.startsOn), isoDateToRu(credit.endsOn)) : v.noDates}
          </span>
          {credit.answeredBy > 0 && <span className="ce-list__meta ce-warn-text">{ruCourseEditor.homework.answered(credit.answeredBy)}</span>}
        </>
      )}
      dialog={(credit, close) => <CreditVerbalDialog lessonNum={lessonNum} credit={credit} onClose={close} />}
    />
  );
}

function CreditVerbalDialog({ lessonNum, credit, onClose }: { lessonNum: number; credit: CreditVerbal | null; onClose: () => void }) {
  const [lessons, setLessons] = useState(credit?.lessonNumbers ?? String(lessonNum));
  const [startsOn, setStartsOn] = useState(credit?.startsOn ?? '');
  const [endsOn, setEndsOn] = useState(credit?.endsOn ?? '');
  const [touched, setTouched] = useState(false);
  const save = useEdit(
    (input: { num: number | ''; lessonNumbers: string; startsOn: string | null; endsOn: string | null }) => liveRequest(saveCreditVerbal, { ...input, lessonNum }),
    { inlineErrors: true, done: v.saved, onSuccess: onClose },
  );
  const lessonsOk = LESSON_LIST.test(lessons.trim());
  const datesOk = (startsOn === '') === (endsOn === '');
  const rangeOk = startsOn === '' || endsOn === '' || endsOn >= startsOn;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!lessonsOk || !datesOk || !rangeOk) return;
    save.mutate({ num: credit?.num ?? '', lessonNumbers: lessons.trim(), startsOn: startsOn || null, endsOn: endsOn || null });
  };
  return (
    <Popup open onClose={onClose} title={credit ? v.editTitle(credit.num) : v.createTitle} size="md" className="ce-dialog">
      {credit && credit.answeredBy > 0 && <WarningNote>{v.warnAnswered(credit.answeredBy)}</WarningNote>}
      <form className="ce-form" onSubmit={submit} noValidate>
        <TextField label={v.lessonNumbers} value={lessons} onChange={setLessons} hint={a.lessonNumbersHint} error={touched && !lessonsOk ? a.badLessons : undefined} />
        <div className="ce-row">
          <TextField label={v.startsOn} type="date" value={startsOn} onChange={setStartsOn} />
          <TextField
            label={v.endsOn}
            type="date"
            value={endsOn}
            onChange={setEndsOn}
            error={touched && !datesOk ? v.badDates : touched && !rangeOk ? COURSE_EDITOR_TEXTS.badDateRange : undefined}
          />
        </div>
        <p className="ce-muted ce-small">{v.datesHint}</p>
        {save.isError && <ErrorBox message={liveErrorText(save.error)} />}
        <FormActions cancelLabel={v.cancel} submitLabel={v.save} busy={save.isPending} onCancel={onClose} />
      </form>
    </Popup>
  );
}
