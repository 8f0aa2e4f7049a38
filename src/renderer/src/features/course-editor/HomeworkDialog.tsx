import { useQuery } from '@tanstack/react-query';
import { COURSE_EDITOR_TEXTS, COURSE_LIMITS, createHomework, type EditorHomework, setHomeworkP1, setHomeworkP2, updateHomework } from '@shared/contract/course-editor';
import { type FormEvent, useState } from 'react';
import { ruCourseEditor } from '../../i18n/course-editor';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { Button, Checkbox, ErrorBox, IconClose, Popup, Select, Switch, Tabs, TextField, WarningNote } from '../../ui';
import { courseEditorQueries } from './api';
import { instantOf, OptionalTimeField, optionalTimeOf } from './OptionalTime';
import { useEdit } from './use-edit';

const t = ruCourseEditor.homework;

type Part = EditorHomework['main'];
type PartKey = 'p1' | 'dopP1' | 'p2' | 'dopP2';

/** '' → no limit; otherwise whole minutes within the contract's bounds (undefined = not valid). */
function minutesOf(text: string): number | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  const minutes = Number(value);
  return Number.isInteger(minutes) && minutes >= 1 && minutes <= COURSE_LIMITS.minutes ? minutes : undefined;
}

/**
 * One homework: its settings and, once it exists, its four parts. With answers or a running attempt
 * the dialog says so first; settings that only touch new attempts carry COURSE_EDITOR_TEXTS.newAttemptsOnly.
 */
export function HomeworkDialog({
  lessonNum,
  homework,
  onCreated,
  onClose,
}: {
  lessonNum: number;
  homework: EditorHomework | null;
  onCreated: (num: number) => void;
  onClose: () => void;
}) {
  const busy = homework !== null && (homework.answeredBy > 0 || homework.inProgress > 0);
  return (
    <Popup open onClose={onClose} title={homework ? t.editTitle(homework.num) : t.createTitle} size="lg" className="ce-dialog">
      {homework && homework.answeredBy > 0 && <WarningNote>{t.warnAnswered(homework.answeredBy)}</WarningNote>}
      {homework && homework.inProgress > 0 && <WarningNote>{t.warnInProgress(homework.inProgress)}</WarningNote>}
      {busy && <p className="ce-note">{COURSE_EDITOR_TEXTS.newAttemptsOnly}</p>}
      <SettingsForm lessonNum={lessonNum} homework={homework} onCreated={onCreated} />
      {homework && (
        <Tabs<PartKey>
          label={t.partsLabel}
          className="ce-parts"
          tabs={[
            { key: 'p1', label: t.parts.p1, render: () => <P1Editor key="p1" num={homework.num} lessonNum={lessonNum} isDop={false} part={homework.main} /> },
            { key: 'p2', label: t.parts.p2, render: () => <P2Editor key="p2" num={homework.num} lessonNum={lessonNum} isDop={false} part={homework.main} /> },
            { key: 'dopP1', label: t.parts.dopP1, render: () => <P1Editor key="dopP1" num={homework.num} lessonNum={lessonNum} isDop part={homework.dop} /> },
            { key: 'dopP2', label: t.parts.dopP2, render: () => <P2Editor key="dopP2" num={homework.num} lessonNum={lessonNum} isDop part={homework.dop} /> },
          ]}
        />
      )}
      <div className="ce-form__actions">
        <Button variant="secondary" onClick={onClose}>
          {t.close}
        </Button>
      </div>
    </Popup>
  );
}

function SettingsForm({ lessonNum, homework, onCreated }: { lessonNum: number; homework: EditorHomework | null; onCreated: (num: number) => void }) {
  const [probnik, setProbnik] = useState(homework?.isProbnik === '1');
  const [deadline, setDeadline] = useState(optionalTimeOf(homework?.deadlineAt ?? null));
  const [p1Limit, setP1Limit] = useState(homework?.p1TimeLimitMin?.toString() ?? '');
  const [p2Limit, setP2Limit] = useState(homework?.p2TimeLimitMin?.toString() ?? '');
  const [selfCheck, setSelfCheck] = useState(homework?.p2SelfCheck === '1');
  const [touched, setTouched] = useState(false);
  const save = useEdit(
    async (settings: { isProbnik: '0' | '1'; deadlineAt: number | null; p1TimeLimitMin: number | null; p2TimeLimitMin: number | null; p2SelfCheck: '0' | '1' }) => {
      if (homework) {
        await liveRequest(updateHomework, { ...settings, num: homework.num });
        return homework.num;
      }
      return (await liveRequest(createHomework, { ...settings, lessonNum })).num;
    },
    { inlineErrors: true, done: homework ? t.settingsSaved : t.created, onSuccess: (num) => !homework && onCreated(num) },
  );
  const deadlineAt = instantOf(deadline);
  const p1 = minutesOf(p1Limit);
  const p2 = minutesOf(p2Limit);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (deadlineAt === undefined || p1 === undefined || p2 === undefined) return;
    save.mutate({ isProbnik: probnik ? '1' : '0', deadlineAt, p1TimeLimitMin: p1, p2TimeLimitMin: p2, p2SelfCheck: selfCheck ? '1' : '0' });
  };
  return (
    <form className="ce-form ce-settings" onSubmit={submit} noValidate aria-label={t.settings}>
      <h3 className="ce-subtitle">{t.settings}</h3>
      <Switch checked={probnik} onChange={setProbnik} label={t.isProbnik} />
      <OptionalTimeField value={deadline} onChange={setDeadline} check={t.hasDeadline} label={t.deadlineAt} error={touched && deadlineAt === undefined ? t.badDeadline : undefined} />
      <div className="ce-row">
        <TextField label={t.p1Limit} value={p1Limit} onChange={setP1Limit} inputMode="numeric" hint={t.limitHint} error={touched && p1 === undefined ? t.badLimit : undefined} />
        <TextField label={t.p2Limit} value={p2Limit} onChange={setP2Limit} inputMode="numeric" hint={t.limitHint} error={touched && p2 === undefined ? t.badLimit : undefined} />
      </div>
      <Switch checked={selfCheck} onChange={setSelfCheck} label={t.selfCheck} />
      {save.isError && <ErrorBox message={liveErrorText(save.error)} />}
      <div className="ce-form__actions">
        <Button type="submit" loading={save.isPending}>
          {homework ? t.saveSettings : t.create}
        </Button>
      </div>
    </form>
  );
}

interface PartProps {
  num: number;
  lessonNum: number;
  isDop: boolean;
  part: Part;
}

/** Rows of the part as it stands: «задание №X × N». */
function rowsOf(part: Part): Array<{ egeNum: number | null; count: string }> {
  const counts = new Map<number, number>();
  for (const question of part.p1) counts.set(question.egeNum, (counts.get(question.egeNum) ?? 0) + 1);
  return [...counts].map(([egeNum, count]) => ({ egeNum, count: String(count) }));
}

/** Part 1 (or its additional part) as «how many questions of which ЕГЭ task», drawn by the server from the bank. */
function P1Editor({ num, lessonNum, isDop, part }: PartProps) {
  const bank = useQuery(courseEditorQueries.bankChoices(lessonNum));
  const [rows, setRows] = useState(() => rowsOf(part));
  const [touched, setTouched] = useState(false);
  const save = useEdit((tasks: Array<{ egeNum: number; count: number }>) => liveRequest(setHomeworkP1, { num, isDop: isDop ? '1' : '0', tasks }), {
    inlineErrors: true,
    done: (output) => t.partSaved(output.count, output.maxPoints),
  });
  const choices = bank.data?.p1 ?? [];
  const points = part.p1.reduce((sum, question) => sum + question.maxPoints, 0);
  // The bank's counts are known here, so a row asking for more than it has is said before sending.
  const problems = rows.flatMap((row) => {
    const choice = choices.find((item) => item.egeNum === row.egeNum);
    return choice && Number(row.count) > choice.total ? [t.p1TooMany(choice.egeNum, choice.total)] : [];
  });
  const complete = rows.every((row) => row.egeNum !== null && Number.isInteger(Number(row.count)) && Number(row.count) >= 1 && Number(row.count) <= COURSE_LIMITS.p1Questions);
  const used = new Set(rows.map((row) => row.egeNum));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!complete || problems.length > 0) return;
    save.mutate(rows.map((row) => ({ egeNum: row.egeNum ?? 0, count: Number(row.count) })));
  };
  const setRow = (index: number, patch: Partial<(typeof rows)[number]>) => setRows(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <form className="ce-form ce-part" onSubmit={submit} noValidate>
      <p className="ce-muted">{t.p1Lead}</p>
      <p className="ce-small">{t.current(part.p1.length, points)}</p>
      {part.answeredBy > 0 && <WarningNote>{t.partFixed(part.answeredBy)}</WarningNote>}
      {bank.isSuccess && choices.length === 0 && <p className="ce-muted">{t.p1NoBank}</p>}
      {rows.length === 0 && <p className="ce-muted">{t.p1Empty}</p>}
      <ol className="ce-p1-rows">
        {rows.map((row, index) => (
          <li key={index} className="ce-p1-row">
            <Select
              label={t.p1Row}
              placeholder={t.p1Row}
              options={choices.map((choice) => ({ value: choice.egeNum, label: t.p1Choice(choice.egeNum, choice.total, choice.ofLesson), disabled: choice.egeNum !== row.egeNum && used.has(choice.egeNum) }))}
              value={row.egeNum}
              onChange={(egeNum) => setRow(index, { egeNum })}
              invalid={touched && row.egeNum === null}
            />
            <span className="ce-times" aria-hidden="true">
              ×
            </span>
            <TextField label={t.p1Count} value={row.count} onChange={(count) => setRow(index, { count })} inputMode="numeric" className="ce-narrow" />
            <Button
              type="button"
              size="sm"
              variant="ghost"
              icon={<IconClose size={16} />}
              aria-label={t.p1RemoveRow(row.egeNum ?? index + 1)}
              title={t.p1RemoveRow(row.egeNum ?? index + 1)}
              onClick={() => setRows(rows.filter((_, i) => i !== index))}
            />
          </li>
        ))}
      </ol>
      {touched && !complete && <p className="ui-field__error">{t.p1BadRow}</p>}
      {problems.map((problem) => (
        <p key={problem} className="ui-field__error">
          {problem}
        </p>
      ))}
      {save.isError && <ErrorBox message={liveErrorText(save.error)} />}
      <div className="ce-form__actions">
        <Button type="button" size="sm" variant="secondary" disabled={choices.length === 0} onClick={() => setRows([...rows, { egeNum: null, count: '1' }])}>
          {t.p1AddRow}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t.savePart}
        </Button>
      </div>
    </form>
  );
}

/** Part 2 (or its additional part): a pick list of bank tasks, each mandatory or not. */
function P2Editor({ num, lessonNum, isDop, part }: PartProps) {
  const bank = useQuery(courseEditorQueries.bankChoices(lessonNum));
  const [picked, setPicked] = useState(() => part.p2.map((question) => ({ questionId: question.questionId, isMandatory: question.isMandatory === '1', label: t.p2Choice(question.taskNumber, lessonNum, question.preview) })));
  const save = useEdit(
    (tasks: Array<{ questionId: number; isMandatory: '0' | '1' }>) => liveRequest(setHomeworkP2, { num, isDop: isDop ? '1' : '0', tasks }),
    { inlineErrors: true, done: (output) => t.partSaved(output.count, output.maxPoints) },
  );
  const choices = (bank.data?.p2 ?? []).filter((choice) => !picked.some((item) => item.questionId === choice.questionId));
  const points = part.p2.reduce((sum, question) => sum + question.maxPoints, 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(picked.map((item) => ({ questionId: item.questionId, isMandatory: item.isMandatory ? '1' : '0' })));
  };
  return (
    <form className="ce-form ce-part" onSubmit={submit}>
      <p className="ce-muted">{t.p2Lead}</p>
      <p className="ce-small">{t.current(part.p2.length, points)}</p>
      {part.answeredBy > 0 && <WarningNote>{t.partFixed(part.answeredBy)}</WarningNote>}
      {picked.length === 0 ? (
        <p className="ce-muted">{t.p2Empty}</p>
      ) : (
        <ol className="ce-list">
          {picked.map((item) => (
            <li key={item.questionId} className="ce-list__row">
              <span className="ce-list__main ce-list__title">{item.label}</span>
              <span className="ce-list__actions">
                <Checkbox checked={item.isMandatory} onChange={(isMandatory) => setPicked(picked.map((other) => (other.questionId === item.questionId ? { ...other, isMandatory } : other)))} label={t.p2Mandatory} />
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  icon={<IconClose size={16} />}
                  aria-label={t.p2Remove(item.label)}
                  title={t.p2Remove(item.label)}
                  onClick={() => setPicked(picked.filter((other) => other.questionId !== item.questionId))}
                />
              </span>
            </li>
          ))}
        </ol>
      )}
      {bank.isSuccess && bank.data.p2.length === 0 && <p className="ce-muted">{t.p2NoBank}</p>}
      {choices.length > 0 && picked.length < COURSE_LIMITS.p2Questions && (
        <Select
          label={t.p2Add}
          placeholder={t.p2Placeholder}
          options={choices.map((choice) => ({ value: choice.questionId, label: t.p2Choice(choice.taskNumber, choice.lessonNum, choice.preview) }))}
          value={null}
          onChange={(questionId) => {
            const choice = choices.find((item) => item.questionId === questionId);
            if (choice) setPicked([...picked, { questionId, isMandatory: true, label: t.p2Choice(choice.taskNumber, choice.lessonNum, choice.preview) }]);
          }}
        />
      )}
      {save.isError && <ErrorBox message={liveErrorText(save.error)} />}
      <div className="ce-form__actions">
        <Button type="submit" loading={save.isPending}>
          {t.savePart}
        </Button>
      </div>
    </form>
  );
}
