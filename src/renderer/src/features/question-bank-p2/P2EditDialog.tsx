import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createQuestion,
  deleteQuestion,
  digitizePoyasnP2,
  editQuestion,
  updateMarkdownPoyasnP2,
  uploadPoyasnImage,
  uploadQuestionImage,
  type P2Question,
} from '@shared/contract/question-bank-p2';
import { P2_MAX_POINTS_LIMIT, P2_TASK_MAX, P2_TASK_MIN, P2_TASK_POINTS, tidyP2, validateP2, type P2Fields } from '@shared/domain/question-bank-p2';
import { useState } from 'react';
import { ruQuestionBankP2 } from '../../i18n/question-bank-p2';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { usePush } from '../../lib/use-push';
import { Button, ErrorBox, Loader, Popup, Select, Switch, TextArea } from '../../ui';
import { QuestionEditorDialog, useDeleteConfirmation, useQuestionEditor, type DialogNeighbours } from '../../questions/QuestionEditorDialog';
import { ImageUploadField } from './ImageUploadField';
import { questionBankP2Queries } from './api';

const t = ruQuestionBankP2.dialog;

const EMPTY: P2Fields = { qQuestion: '', qTaskNumber: 0, qLessonNumber: 0, qChapter: '', qMaxBall: 0, qCriteria: '', qMarkDownPoyasn: '', qPublic: '0', is90Plus: '0' };

function fieldsOf(question: P2Question): P2Fields {
  const { qQuestion, qTaskNumber, qLessonNumber, qChapter, qMaxBall, qCriteria, qMarkDownPoyasn, qPublic, is90Plus } = question;
  return { qQuestion, qTaskNumber, qLessonNumber, qChapter, qMaxBall, qCriteria, qMarkDownPoyasn, qPublic, is90Plus };
}

const same = (a: P2Fields, b: P2Fields) => JSON.stringify(tidyP2(a)) === JSON.stringify(tidyP2(b));

/**
 * The add and edit dialog of a part 2 question (back-office §2.13, §3 'Question P2', §4). `new`
 * opens an empty form; creating hands the new id back so the page opens its detail at once.
 */
export function P2EditDialog({
  questionId,
  onClose,
  onCreated,
  neighbours,
  ocrProblem,
}: {
  questionId: number | 'new';
  onClose: () => void;
  onCreated: (questionId: number) => void;
  neighbours: DialogNeighbours;
  ocrProblem: string;
}) {
  const chapters = useQuery(questionBankP2Queries.p2Chapters());
  const question = useQuery(questionBankP2Queries.p2Question(questionId));
  const title = questionId === 'new' ? ruQuestionBankP2.newTitle : ruQuestionBankP2.rowTitle(questionId);
  const ready = chapters.isSuccess && (questionId === 'new' || question.isSuccess);
  if (ready) {
    return (
      <P2Editor
        questionId={questionId}
        loaded={question.data?.question ?? null}
        reference={chapters.data}
        onClose={onClose}
        onCreated={onCreated}
        neighbours={neighbours}
        ocrProblem={ocrProblem}
      />
    );
  }
  const failed = chapters.isError ? ruQuestionBankP2.chaptersError : question.isError ? `${ruQuestionBankP2.noData}: ${liveErrorText(question.error)}` : null;
  return (
    <Popup open onClose={onClose} title={title} size="lg">
      {failed ? (
        <ErrorBox message={failed} onRetry={() => void (chapters.isError ? chapters.refetch() : question.refetch())} />
      ) : (
        <Loader label={t.loading} />
      )}
    </Popup>
  );
}

type Reference = { chapters: string[]; lessons: { number: number; name: string; chapter: string }[] };

function P2Editor({
  questionId,
  loaded,
  reference,
  onClose,
  onCreated,
  neighbours,
  ocrProblem,
}: {
  questionId: number | 'new';
  loaded: P2Question | null;
  reference: Reference;
  onClose: () => void;
  onCreated: (questionId: number) => void;
  neighbours: DialogNeighbours;
  ocrProblem: string;
}) {
  const queryClient = useQueryClient();
  const editor = useQuestionEditor(loaded ? fieldsOf(loaded) : EMPTY, same, t);
  const { form, setForm, saved, setSaved, patch } = editor;
  const [images, setImages] = useState({ question: loaded?.qQuestionImage ?? '', poyasn: loaded?.qPoyasnImage ?? '' });
  const [digitize, setDigitize] = useState<{ state: 'idle' | 'running' | 'done' } | { state: 'error'; text: string }>(
    loaded?.digitizeError ? { state: 'error', text: loaded.digitizeError } : { state: 'idle' },
  );

  const isNew = questionId === 'new';
  const lessonNumbers = reference.lessons.map((lesson) => lesson.number);
  const localErrors = validateP2(tidyP2(form), { lessons: lessonNumbers, chapters: reference.chapters }, images.question !== '');
  const errors = editor.tried ? localErrors : {};
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: questionBankP2Queries.p2List().queryKey });

  // The OCR result arrives as a push, for this dialog or for whoever else has the question open.
  usePush(updateMarkdownPoyasnP2, (body) => {
    if (body.questionId !== questionId) return;
    if (body.error) {
      setDigitize({ state: 'error', text: body.error });
      return;
    }
    setDigitize({ state: 'done' });
    setForm((current) => (current.qMarkDownPoyasn.trim() === '' ? { ...current, qMarkDownPoyasn: body.markdown } : current));
    setSaved((current) => ({ ...current, qMarkDownPoyasn: body.markdown }));
    refreshList();
  });

  const save = () =>
    editor.save({
      hasErrors: Object.keys(localErrors).length > 0,
      create: isNew
        ? async () => {
            const { questionId: created } = await liveRequest(createQuestion, { question: form });
            onCreated(created);
          }
        : null,
      update: async () => {
        if (!isNew) await liveRequest(editQuestion, { question: { ...form, qId: questionId } });
      },
      afterUpdate: refreshList,
      failureText: (error) => (isNew ? `${ruQuestionBankP2.createFailed}: ${liveErrorText(error)}` : t.saveError(liveErrorText(error))),
    });

  const startDigitize = async () => {
    if (isNew) return;
    setDigitize({ state: 'running' });
    try {
      await liveRequest(digitizePoyasnP2, { questionId });
    } catch (error) {
      setDigitize({ state: 'error', text: liveErrorText(error) });
    }
  };

  const deletion = useDeleteConfirmation(
    async () => {
      if (!isNew) await liveRequest(deleteQuestion, { questionId });
    },
    () => {
      refreshList();
      onClose();
    },
    liveErrorText,
  );

  const imageChanged = (kind: 'question' | 'poyasn') => (address: string) => {
    setImages((current) => ({ ...current, [kind]: address }));
    if (kind === 'poyasn') setDigitize({ state: 'idle' });
    refreshList();
  };

  const lessonOptions = reference.lessons.map((lesson) => ({ value: lesson.number, label: `${lesson.number}. ${lesson.name}` }));
  const chapterOptions = reference.chapters.map((chapter) => ({ value: chapter, label: chapter }));
  const taskOptions = Array.from({ length: P2_TASK_MAX - P2_TASK_MIN + 1 }, (_, i) => ({ value: P2_TASK_MIN + i, label: String(P2_TASK_MIN + i) }));
  const pointOptions = Array.from({ length: P2_MAX_POINTS_LIMIT }, (_, i) => ({ value: i + 1, label: String(i + 1) }));
  // §4: offered only when an explanation image exists and the explanation text is empty.
  const canDigitize = !isNew && images.poyasn !== '' && form.qMarkDownPoyasn.trim() === '' && saved.qMarkDownPoyasn.trim() === '';

  return (
    <QuestionEditorDialog
      editor={editor}
      questionId={isNew ? null : questionId}
      title={isNew ? ruQuestionBankP2.newTitle : ruQuestionBankP2.rowTitle(questionId)}
      size="lg"
      className="qedit p2edit"
      texts={t}
      neighbours={neighbours}
      onClose={onClose}
      onSave={() => void save()}
      deletion={{ texts: t, confirm: deletion }}
    >
      <div className="p2edit__layout">
        <div className="qedit__form">
          {loaded && loaded.usedInHomeworks.length > 0 && <p className="muted small">{t.usedIn(loaded.usedInHomeworks)}</p>}
          <TextArea label={t.text} value={form.qQuestion} onChange={(qQuestion) => patch({ qQuestion })} error={errors.qQuestion} rows={4} />
          <fieldset className="qedit__group qedit__meta">
            <legend>{t.meta}</legend>
            <Field error={errors.qTaskNumber}>
              <Select<number>
                label={t.taskNumber}
                value={form.qTaskNumber || null}
                invalid={errors.qTaskNumber !== undefined}
                onChange={(qTaskNumber) => {
                  // The exam's points for the task, unless the editor chose another maximum.
                  const keep = form.qMaxBall !== 0 && form.qMaxBall !== P2_TASK_POINTS[form.qTaskNumber];
                  patch({ qTaskNumber, ...(keep ? {} : { qMaxBall: P2_TASK_POINTS[qTaskNumber] ?? form.qMaxBall }) });
                }}
                options={taskOptions}
              />
            </Field>
            <Field error={errors.qMaxBall}>
              <Select<number> label={t.maxBall} value={form.qMaxBall || null} invalid={errors.qMaxBall !== undefined} onChange={(qMaxBall) => patch({ qMaxBall })} options={pointOptions} />
            </Field>
            <Field error={errors.qLessonNumber}>
              <Select<number>
                label={t.lesson}
                value={form.qLessonNumber || null}
                invalid={errors.qLessonNumber !== undefined}
                onChange={(qLessonNumber) => {
                  const chapter = reference.lessons.find((lesson) => lesson.number === qLessonNumber)?.chapter;
                  patch({ qLessonNumber, ...(chapter ? { qChapter: chapter } : {}) });
                }}
                options={lessonOptions}
              />
            </Field>
            <Field error={errors.qChapter}>
              <Select<string> label={t.chapter} placeholder={t.chapterPick} value={form.qChapter || null} invalid={errors.qChapter !== undefined} onChange={(qChapter) => patch({ qChapter })} options={chapterOptions} />
            </Field>
            <div className="qedit__switches">
              <Switch label={t.isPublished} checked={form.qPublic === '1'} onChange={(on) => patch({ qPublic: on ? '1' : '0' })} />
              <Switch label={t.is90Plus} checked={form.is90Plus === '1'} onChange={(on) => patch({ is90Plus: on ? '1' : '0' })} />
            </div>
            <p className="ui-field__hint p2edit__wide">{t.publishedHint}</p>
          </fieldset>
          <TextArea label={t.criteria} hint={t.criteriaHint} value={form.qCriteria} onChange={(qCriteria) => patch({ qCriteria })} error={errors.qCriteria} rows={6} />
          <TextArea label={t.markdown} hint={t.markdownHint} value={form.qMarkDownPoyasn} onChange={(qMarkDownPoyasn) => patch({ qMarkDownPoyasn })} rows={6} />
          {!isNew && (
            <div className="p2edit__digitize" aria-live="polite">
              {canDigitize && (
                <Button variant="secondary" size="sm" onClick={() => void startDigitize()} loading={digitize.state === 'running'} disabled={digitize.state === 'running' || ocrProblem !== ''}>
                  {t.digitize}
                </Button>
              )}
              {canDigitize && ocrProblem !== '' && <p className="ui-field__error">{ocrProblem}</p>}
              {digitize.state === 'running' && <p className="muted small">{t.digitizing}</p>}
              {digitize.state === 'done' && <p className="small p2edit__ok">{t.digitized}</p>}
              {digitize.state === 'error' && (
                <p className="ui-field__error" role="alert">
                  {digitize.text}
                </p>
              )}
              {!canDigitize && digitize.state === 'idle' && images.poyasn === '' && <p className="ui-field__hint">{t.digitizeOffered}</p>}
            </div>
          )}
        </div>
        <aside className="p2edit__images" aria-label={t.preview}>
          {isNew ? (
            <p className="muted small">{t.imagesAfterCreate}</p>
          ) : (
            <>
              <ImageUploadField label={t.questionImage} questionId={questionId} contract={uploadQuestionImage} image={images.question} onChanged={imageChanged('question')} />
              <ImageUploadField label={t.poyasnImage} questionId={questionId} contract={uploadPoyasnImage} image={images.poyasn} onChanged={imageChanged('poyasn')} />
            </>
          )}
        </aside>
      </div>
    </QuestionEditorDialog>
  );
}

function Field({ error, children }: { error: string | undefined; children: React.ReactNode }) {
  return (
    <div>
      {children}
      {error && <p className="ui-field__error">{error}</p>}
    </div>
  );
}
