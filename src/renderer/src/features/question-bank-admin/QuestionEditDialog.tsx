import { serverAssetUrl } from '../../lib/server-asset-url';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createQuestion, deleteImageQuestion, editableQuestion, saveQuestion, uploadImageQuestion } from '@shared/contract/question-bank-admin';
import { EGE_NUM_MAX, EGE_NUM_MIN, isQuestionType, randomPermutation, tidyQuestion, validateQuestion, type QuestionFieldErrors } from '@shared/domain/question-bank-p1';
import { ANSWER_KIND_SPECS, MAX_OPTIONS, QUESTION_TYPES, type QuestionJson } from '@shared/domain/questions';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { ruQuestionBankAdmin } from '../../i18n/question-bank-admin';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { Button, ErrorBox, Loader, Popup, Select, Switch, TextArea, TextField } from '../../ui';
import { QuestionEditorDialog, useQuestionEditor, type DialogNeighbours } from '../../questions/QuestionEditorDialog';
import { AnswerInput } from '../../questions/AnswerInput';
import { QuestionBody } from '../../questions/QuestionBody';
import '../../questions/questions.css';
import { KIND_VIEWS } from '../../questions/kind-views';
import { rowLabel, type QuestionForm } from '../../questions/editor-answers';
import { addOption, changeType, isDirty, kindOf, removeOption } from './editor-logic';
import { uploadFile } from './upload-image';
import { questionBankAdminQueries } from './api';

const t = ruQuestionBankAdmin.dialog;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The image address is server-relative; the desktop app's pages come from app://, so the server origin goes first. */
interface LessonOption {
  number: number;
  name: string;
  chapter: string;
}

export type { DialogNeighbours } from '../../questions/QuestionEditorDialog';

/** The `?id=` of a question not stored yet. */
export const NEW_QUESTION = 'new' as const;

interface DialogProps {
  questionId: number | typeof NEW_QUESTION;
  onClose: () => void;
  /** The first «Сохранить» of a new question stored it under this id. */
  onCreated: (questionId: number) => void;
  onCreatedNoRefresh: () => void;
  neighbours: DialogNeighbours;
}

const ignore = () => undefined;

export function QuestionEditDialog({
  questionId,
  onCreated = ignore,
  onCreatedNoRefresh = ignore,
  ...rest
}: Omit<DialogProps, 'onCreated' | 'onCreatedNoRefresh'> & Partial<Pick<DialogProps, 'onCreated' | 'onCreatedNoRefresh'>>) {
  const props = { ...rest, onCreated, onCreatedNoRefresh };
  return questionId === NEW_QUESTION ? <NewQuestionDialog {...props} /> : <StoredQuestionDialog questionId={questionId} {...props} />;
}

/**
 * A new question: only the chapters and lessons are loaded; nothing is stored until the first
 * «Сохранить», so «Отменить» leaves no empty question behind.
 */
function NewQuestionDialog({ onClose, onCreated, onCreatedNoRefresh, neighbours }: Omit<DialogProps, 'questionId'>) {
  const reference = useQuery(questionBankAdminQueries.reference());
  if (reference.isSuccess) {
    const blank = editableQuestion.parse({ questionType: 'VARIANTS', rightAnswers: [] });
    return (
      <QuestionEditor
        questionId={null}
        loaded={blank}
        chapters={reference.data.chapters}
        lessons={reference.data.lessons}
        onClose={onClose}
        onCreated={onCreated}
        onCreatedNoRefresh={onCreatedNoRefresh}
        neighbours={neighbours}
      />
    );
  }
  return (
    <Popup open onClose={onClose} title={t.newTitle} size="lg">
      {reference.isPending ? <Loader label={t.loading} /> : <ErrorBox message={ruQuestionBankAdmin.loadError(reference.error.message)} onRetry={() => void reference.refetch()} />}
    </Popup>
  );
}

function StoredQuestionDialog({ questionId, onClose, onCreated, onCreatedNoRefresh, neighbours }: Omit<DialogProps, 'questionId'> & { questionId: number }) {
  const question = useQuery(questionBankAdminQueries.question(questionId));
  if (question.isSuccess) {
    const { qId: _id, ...form } = question.data.question;
    return (
      <QuestionEditor
        questionId={questionId}
        loaded={form}
        chapters={question.data.chapters}
        lessons={question.data.lessons}
        onClose={onClose}
        onCreated={onCreated}
        onCreatedNoRefresh={onCreatedNoRefresh}
        neighbours={neighbours}
      />
    );
  }
  return (
    <Popup open onClose={onClose} title={ruQuestionBankAdmin.rowTitle(questionId)} size="lg">
      {question.isPending ? (
        <Loader label={t.loading} />
      ) : (
        <ErrorBox
          message={question.error instanceof ApiError && question.error.kind === 'failure' ? `${ruQuestionBankAdmin.noData}: ${question.error.message}` : ruQuestionBankAdmin.loadError(question.error.message)}
          onRetry={() => void question.refetch()}
        />
      )}
    </Popup>
  );
}

function QuestionEditor({
  questionId,
  loaded,
  chapters,
  lessons,
  onClose,
  onCreated,
  onCreatedNoRefresh,
  neighbours,
}: {
  /** null: not stored yet. */
  questionId: number | null;
  loaded: QuestionForm;
  chapters: string[];
  lessons: LessonOption[];
  onClose: () => void;
  onCreated: (questionId: number) => void;
  onCreatedNoRefresh: () => void;
  neighbours: DialogNeighbours;
}) {
  const queryClient = useQueryClient();
  const editor = useQuestionEditor<QuestionForm>(loaded, (a, b) => !isDirty(a, b), t);
  const { form, setForm, setSaved, setStatus } = editor;
  const [serverErrors, setServerErrors] = useState<QuestionFieldErrors>({});
  const kind = kindOf(form);
  const { columns } = ANSWER_KIND_SPECS[kind];
  const { RightAnswerField } = KIND_VIEWS[kind];
  const supported = isQuestionType(form.questionType);

  const localErrors: QuestionFieldErrors = supported
    ? validateQuestion(tidyQuestion({ ...form, questionType: form.questionType } as QuestionJson), { lessons: lessons.map((lesson) => lesson.number), chapters })
    : { questionType: ruQuestionBankAdmin.noData };
  const errors: QuestionFieldErrors = editor.tried ? { ...serverErrors, ...localErrors } : {};

  const update = (next: QuestionForm) => {
    setForm(next);
    setStatus(null);
    setServerErrors({});
  };
  const patch = (fields: Partial<QuestionForm>) => update({ ...form, ...fields });
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: questionBankAdminQueries.list().queryKey });

  const save = () =>
    editor.save({
      hasErrors: Object.keys(localErrors).length > 0,
      // The first save creates the question with its content in one call: a refusal stores nothing.
      create:
        questionId === null
          ? async () => {
              const created = await api.call(createQuestion, { question: form }, { handleErrors: true });
              try {
                await queryClient.refetchQueries({ queryKey: questionBankAdminQueries.list().queryKey, exact: true }, { throwOnError: true });
              } catch {
                onCreatedNoRefresh();
              }
              onCreated(created.questionId);
            }
          : null,
      update: async () => {
        if (questionId !== null) await api.call(saveQuestion, { questionId, question: form }, { handleErrors: true });
      },
      afterUpdate: refreshList,
      failureText: (error) => {
        const fieldErrors = error instanceof ApiError ? (error.body?.errors as QuestionFieldErrors | undefined) : undefined;
        if (fieldErrors) setServerErrors(fieldErrors);
        return t.saveError(error instanceof Error ? error.message : String(error));
      },
    });

  /** Image calls change the stored question at once: the loaded copy follows, so it is not "unsaved". */
  const imageChanged = (questionImage: string) => {
    setForm((current) => ({ ...current, questionImage }));
    setSaved((current) => ({ ...current, questionImage }));
    refreshList();
  };

  const lessonOptions = lessons.map((lesson) => ({ value: lesson.number, label: `${lesson.number}. ${lesson.name}` }));
  const chapterOptions = [{ value: '', label: t.noChapter }, ...chapters.map((chapter) => ({ value: chapter, label: chapter }))];
  const egeOptions = Array.from({ length: EGE_NUM_MAX - EGE_NUM_MIN + 1 }, (_, i) => ({ value: EGE_NUM_MIN + i, label: String(EGE_NUM_MIN + i) }));

  return (
    <QuestionEditorDialog
      editor={editor}
      questionId={questionId}
      title={questionId === null ? t.newTitle : t.title(questionId)}
      size="lg"
      className="qedit"
      texts={{ ...t, stay: t.keep }}
      neighbours={neighbours}
      onClose={onClose}
      onSave={() => void save()}
    >
      <div className="qedit__layout">
        <div className="qedit__form">
          <Select<string>
            label={t.type}
            value={form.questionType}
            invalid={errors.questionType !== undefined}
            onChange={(value) => isQuestionType(value) && update(changeType(form, value))}
            options={[
              ...QUESTION_TYPES.map((value) => ({ value, label: ruQuestionBankAdmin.types[value] })),
              ...(supported ? [] : [{ value: form.questionType, label: form.questionType, disabled: true }]),
            ]}
          />
          <FieldError text={errors.questionType} />
          <TextArea label={t.text} value={form.questionText} onChange={(questionText) => patch({ questionText })} error={errors.questionText} rows={4} />

          {columns >= 1 && (
            <OptionColumn form={form} column={1} title={columns === 2 ? t.column1 : t.options} error={errors.questionAnsColumn1 ?? errors.descriptions} onChange={update} />
          )}
          {columns === 2 && <OptionColumn form={form} column={2} title={t.column2} error={errors.questionAnsColumn2} onChange={update} />}

          <TextArea label={t.text2} value={form.questionText2} onChange={(questionText2) => patch({ questionText2 })} rows={2} />

          <fieldset className="qedit__group">
            <legend>{t.rightAnswer}</legend>
            <RightAnswerField form={form} onChange={update} />
            <FieldError text={errors.rightAnswers} />
          </fieldset>

          {columns >= 1 && (
            <fieldset className="qedit__group">
              <legend>{t.mix}</legend>
              <MixRule form={form} column={1} error={errors.mixRuleColumn1} onChange={patch} />
              {columns === 2 && <MixRule form={form} column={2} error={errors.mixRuleColumn2} onChange={patch} />}
            </fieldset>
          )}

          <TextArea label={t.general} value={form.descriptionGeneral} onChange={(descriptionGeneral) => patch({ descriptionGeneral })} rows={3} />

          <fieldset className="qedit__group qedit__meta">
            <legend>{t.meta}</legend>
            <div>
              <Select<number> label={t.egeNum} value={form.qEgeNum || null} invalid={errors.qEgeNum !== undefined} onChange={(qEgeNum) => patch({ qEgeNum })} options={egeOptions} />
              <FieldError text={errors.qEgeNum} />
            </div>
            <div>
              <Select<number>
                label={t.lessonNum}
                value={form.qLessonNum || null}
                invalid={errors.qLessonNum !== undefined}
                onChange={(qLessonNum) => {
                  // The lesson's own chapter is the usual choice.
                  const chapter = lessons.find((lesson) => lesson.number === qLessonNum)?.chapter;
                  patch({ qLessonNum, ...(chapter && chapters.includes(chapter) ? { qChapter: chapter } : {}) });
                }}
                options={lessonOptions}
              />
              <FieldError text={errors.qLessonNum} />
            </div>
            <div>
              <Select<string> label={t.chapter} value={form.qChapter} invalid={errors.qChapter !== undefined} onChange={(qChapter) => patch({ qChapter })} options={chapterOptions} />
              <FieldError text={errors.qChapter} />
            </div>
            <div className="qedit__switches">
              <Switch label={t.isPublished} checked={form.isPublished === '1'} onChange={(on) => patch({ isPublished: on ? '1' : '0' })} />
              <Switch label={t.isSelfmade} checked={form.isSelfmade === '1'} onChange={(on) => patch({ isSelfmade: on ? '1' : '0' })} />
              <Switch label={t.is90Plus} checked={form.is90Plus === '1'} onChange={(on) => patch({ is90Plus: on ? '1' : '0' })} />
            </div>
          </fieldset>

          {questionId === null ? <p className="muted small">{t.imageAfterSave}</p> : <ImageField questionId={questionId} image={form.questionImage} onChanged={imageChanged} />}
        </div>

        <aside className="qedit__preview" aria-label={t.preview}>
          <Preview form={form} />
        </aside>
      </div>
    </QuestionEditorDialog>
  );
}

function FieldError({ text }: { text: string | undefined }) {
  if (!text) return null;
  return <p className="ui-field__error">{text}</p>;
}


/** Options of one column with add and remove (nine at most); column 1 carries the per-option explanations. */
function OptionColumn({ form, column, title, error, onChange }: { form: QuestionForm; column: 1 | 2; title: string; error?: string; onChange: (form: QuestionForm) => void }) {
  const kind = kindOf(form);
  const options = column === 1 ? form.questionAnsColumn1 : form.questionAnsColumn2;
  const nameKey = column === 1 ? 'questionAnsColumn1Name' : 'questionAnsColumn2Name';
  const listKey = column === 1 ? 'questionAnsColumn1' : 'questionAnsColumn2';
  const setOption = (index: number, text: string) => onChange({ ...form, [listKey]: options.map((option, i) => (i === index ? text : option)) });
  const setDescription = (index: number, text: string) => {
    const descriptions = Array.from({ length: Math.max(form.descriptions.length, index + 1) }, (_, i) => form.descriptions[i] ?? '');
    descriptions[index] = text;
    // Trailing empty explanations are not kept.
    while (descriptions.length > 0 && descriptions[descriptions.length - 1] === '') descriptions.pop();
    onChange({ ...form, descriptions });
  };
  return (
    <fieldset className="qedit__group">
      <legend>{title}</legend>
      {(ANSWER_KIND_SPECS[kind].columns === 2 || form[nameKey] !== '') && <TextField label={t.columnName} value={form[nameKey]} onChange={(value) => onChange({ ...form, [nameKey]: value })} />}
      <ol className="qedit__options">
        {options.map((option, index) => {
          const label = rowLabel(kind, column, index);
          return (
            <li key={index} className="qedit__option">
              <span className="qedit__option-label" aria-hidden="true">
                {label}
              </span>
              <div className="qedit__option-fields">
                <TextArea label={t.option(label)} value={option} onChange={(text) => setOption(index, text)} rows={2} />
                {column === 1 && <TextArea label={t.description(label)} value={form.descriptions[index] ?? ''} onChange={(text) => setDescription(index, text)} rows={1} />}
              </div>
              <Button variant="ghost" size="sm" onClick={() => onChange(removeOption(form, column, index))} aria-label={t.removeOption(label)} title={t.removeOption(label)}>
                ✕
              </Button>
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" size="sm" onClick={() => onChange(addOption(form, column))} disabled={options.length >= MAX_OPTIONS}>
        {t.addOption}
      </Button>
      {options.length >= MAX_OPTIONS && <p className="ui-field__hint">{t.maxOptions}</p>}
      <FieldError text={error} />
    </fieldset>
  );
}

/** The order the student sees: a fresh shuffle or the list order. */
function MixRule({ form, column, error, onChange }: { form: QuestionForm; column: 1 | 2; error?: string; onChange: (fields: Partial<QuestionForm>) => void }) {
  const size = column === 1 ? form.questionAnsColumn1.length : form.questionAnsColumn2.length;
  const rule = column === 1 ? form.mixRuleColumn1 : form.mixRuleColumn2;
  const key = column === 1 ? 'mixRuleColumn1' : 'mixRuleColumn2';
  const kind = kindOf(form);
  const shown = rule.length > 0 ? rule.map((n) => rowLabel(kind, column, n - 1)).join(', ') : t.mixOriginal;
  return (
    <div className="qedit__mix">
      <span>
        {t.mixColumn(column)}: <strong>{shown}</strong>
      </span>
      <div className="qedit__mix-buttons">
        <Button variant="secondary" size="sm" onClick={() => onChange({ [key]: randomPermutation(size) })} disabled={size < 2}>
          {t.shuffle}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => onChange({ [key]: [] })} disabled={rule.length === 0}>
          {t.resetMix}
        </Button>
      </div>
      <FieldError text={error} />
    </div>
  );
}

/** Upload (jpeg/png ≤ 10 MB, checked again by content on the server), preview and removal. */
function ImageField({ questionId, image, onChanged }: { questionId: number; image: string; onChanged: (questionImage: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (!['image/jpeg', 'image/png'].includes(file.type)) return setError(t.imageType);
    if (file.size > MAX_IMAGE_BYTES) return setError(t.imageSize);
    setBusy(true);
    try {
      const answer = await uploadFile(uploadImageQuestion, { questionId }, file);
      onChanged(String(answer.questionImage ?? ''));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setError(null);
    setBusy(true);
    try {
      await api.call(deleteImageQuestion, { questionId }, { handleErrors: true });
      onChanged('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="qedit__group">
      <legend>{t.image}</legend>
      {image ? <img className="qedit__image" src={serverAssetUrl(image)} alt={t.imageAlt} /> : <p className="muted small">{t.imageNone}</p>}
      <div className="qedit__mix-buttons">
        <input ref={input} id={inputId} type="file" accept="image/jpeg,image/png" className="qedit__file" onChange={(event) => void onFile(event)} />
        <Button variant="secondary" size="sm" loading={busy} disabled={busy} onClick={() => input.current?.click()}>
          {image ? t.imageReplace : t.imageUpload}
        </Button>
        {image && (
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => void remove()}>
            {t.imageDelete}
          </Button>
        )}
      </div>
      <p className="ui-field__hint">{t.imageHint}</p>
      {error && (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The student's view of the current form (homework part 1 components, same presentation rules). */
function Preview({ form }: { form: QuestionForm }) {
  const [graphic, setGraphic] = useState(false);
  const [answer, setAnswer] = useState('');
  if (!isQuestionType(form.questionType)) return <p className="muted">{ruQuestionBankAdmin.noData}</p>;
  const question = { ...form, questionType: form.questionType, questionImage: form.questionImage } as QuestionJson;
  const view = graphic ? 'graphic' : 'text';
  return (
    <div className="qedit__preview-inner">
      <div className="qedit__preview-head">
        <h3>{t.preview}</h3>
        <Switch label={t.graphic} checked={graphic} onChange={setGraphic} />
      </div>
      <div className="qedit__preview-card">
        <QuestionBody question={question} view={view} />
        <AnswerInput key={`${form.questionType}-${view}-${form.questionAnsColumn1.length}`} question={question} view={view} value={answer} onChange={setAnswer} />
      </div>
    </div>
  );
}
