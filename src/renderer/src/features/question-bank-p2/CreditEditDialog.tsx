import { useQuery, useQueryClient } from '@tanstack/react-query';
import { setCreditQuestion } from '@shared/contract/question-bank-p2';
import { validateCredit, type CreditFields } from '@shared/domain/question-bank-p2';
import { useState } from 'react';
import { ruCreditQuestions, ruQuestionBankP2 } from '../../i18n/question-bank-p2';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { ErrorBox, Loader, Popup, Select, Switch, TextArea, TextField } from '../../ui';
import { QuestionEditorDialog, useDeleteConfirmation, useQuestionEditor, type DialogNeighbours } from '../../questions/QuestionEditorDialog';
import { questionBankP2Queries } from './api';

const t = ruCreditQuestions;
const d = ruQuestionBankP2.dialog;
const EMPTY: CreditFields = { question: '', answer: '', zachetNum: 0, lessonNum: 0, public: '1', plus90: '0' };
const same = (a: CreditFields, b: CreditFields) => JSON.stringify({ ...a, question: a.question.trim(), answer: a.answer.trim() }) === JSON.stringify({ ...b, question: b.question.trim(), answer: b.answer.trim() });

/** Add and edit dialog of an oral-credit question; create, update and delete go through set_question. */
export function CreditEditDialog({
  questionId,
  lessons,
  onClose,
  onCreated,
  neighbours,
}: {
  questionId: number | 'new';
  lessons: { number: number; name: string }[];
  onClose: () => void;
  onCreated: (id: number) => void;
  neighbours: DialogNeighbours;
}) {
  const loaded = useQuery(questionBankP2Queries.creditQuestion(questionId));
  if (questionId === 'new' || loaded.isSuccess) {
    const { id: _id, trainerAnswers, ...fields } = loaded.data?.question ?? { ...EMPTY, id: 0, trainerAnswers: 0 };
    return <CreditEditor questionId={questionId} initial={fields} trainerAnswers={trainerAnswers} lessons={lessons} onClose={onClose} onCreated={onCreated} neighbours={neighbours} />;
  }
  return (
    <Popup open onClose={onClose} title={t.rowTitle(questionId)} size="md">
      {loaded.isError ? <ErrorBox message={`${t.noData}: ${liveErrorText(loaded.error)}`} onRetry={() => void loaded.refetch()} /> : <Loader label={d.loading} />}
    </Popup>
  );
}

function CreditEditor({
  questionId,
  initial,
  trainerAnswers,
  lessons,
  onClose,
  onCreated,
  neighbours,
}: {
  questionId: number | 'new';
  initial: CreditFields;
  trainerAnswers: number;
  lessons: { number: number; name: string }[];
  onClose: () => void;
  onCreated: (id: number) => void;
  neighbours: DialogNeighbours;
}) {
  const queryClient = useQueryClient();
  const editor = useQuestionEditor(initial, same, d);
  const { form, patch } = editor;
  const [zachet, setZachet] = useState(initial.zachetNum > 0 ? String(initial.zachetNum) : '');
  const isNew = questionId === 'new';
  const localErrors = validateCredit(form, lessons.map((lesson) => lesson.number));
  const errors = editor.tried ? localErrors : {};
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: questionBankP2Queries.creditList().queryKey });

  const save = () =>
    editor.save({
      hasErrors: Object.keys(localErrors).length > 0,
      create: isNew
        ? async () => {
            const { id } = await liveRequest(setCreditQuestion, { action: 'create', question: form });
            onCreated(id);
          }
        : null,
      update: async () => {
        if (!isNew) await liveRequest(setCreditQuestion, { action: 'update', id: questionId, question: form });
      },
      afterUpdate: refreshList,
      failureText: (error) => (isNew ? `${ruQuestionBankP2.createFailed}: ${liveErrorText(error)}` : d.saveError(liveErrorText(error))),
    });

  const deletion = useDeleteConfirmation(
    async () => {
      if (!isNew) await liveRequest(setCreditQuestion, { action: 'delete', id: questionId });
    },
    () => {
      refreshList();
      onClose();
    },
    liveErrorText,
  );

  return (
    <QuestionEditorDialog
      editor={editor}
      questionId={isNew ? null : questionId}
      title={isNew ? t.newTitle : t.rowTitle(questionId)}
      size="md"
      className="qedit"
      texts={d}
      neighbours={neighbours}
      onClose={onClose}
      onSave={() => void save()}
      deletion={{ texts: d, confirm: deletion }}
    >
      <div className="qedit__form">
        {trainerAnswers > 0 && <p className="muted small">{t.answers(trainerAnswers)}</p>}
        <TextArea label={t.dialog.question} value={form.question} onChange={(question) => patch({ question })} error={errors.question} rows={3} />
        <TextArea label={t.dialog.answer} value={form.answer} onChange={(answer) => patch({ answer })} error={errors.answer} rows={7} />
        <div className="qedit__group qedit__meta">
          <TextField
            label={t.dialog.zachetNum}
            inputMode="numeric"
            value={zachet}
            error={errors.zachetNum}
            onChange={(value) => {
              const digits = value.replace(/\D/g, '').slice(0, 5);
              setZachet(digits);
              patch({ zachetNum: digits === '' ? 0 : Number(digits) });
            }}
          />
          <div>
            <Select<number>
              label={t.dialog.lessonNum}
              value={form.lessonNum || null}
              invalid={errors.lessonNum !== undefined}
              onChange={(lessonNum) => patch({ lessonNum })}
              options={lessons.map((lesson) => ({ value: lesson.number, label: `${lesson.number}. ${lesson.name}` }))}
            />
            {errors.lessonNum && <p className="ui-field__error">{errors.lessonNum}</p>}
          </div>
          <div className="qedit__switches">
            <Switch label={t.dialog.isPublished} checked={form.public === '1'} onChange={(on) => patch({ public: on ? '1' : '0' })} />
            <Switch label={t.dialog.plus90} checked={form.plus90 === '1'} onChange={(on) => patch({ plus90: on ? '1' : '0' })} />
          </div>
          <p className="ui-field__hint p2edit__wide">{t.dialog.publishedHint}</p>
        </div>
      </div>
    </QuestionEditorDialog>
  );
}
