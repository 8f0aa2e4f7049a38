import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteChunk, editChunk, markdownToClean, setTheoryQuestion, type Chunk } from '@shared/contract/knowledge';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ruKnowledge } from '../../i18n/knowledge';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { Accordion, Button, Checkbox, ConfirmPopup, createDebounce, EmptyState, ErrorBox, Loader, Select } from '../../ui';
import { knowledgeQueries } from './api';
import { changedFields, type ChunkDraft } from './logic';

const t = ruKnowledge.card;
/** back-office §9: the success icon shows for 2 s. */
const SAVED_MS = 2000;

const draftOf = (chunk: Chunk): ChunkDraft => ({ name: chunk.name, lessonNum: chunk.lessonNum, '90plus': chunk['90plus'], answerText: chunk.answerText, kind: chunk.kind });

/** One chunk of the knowledge base with its editor (back-office §2.15 'Chunk card'). */
export function ChunkCard({ chunk, onDeleted, onOpenQuestion }: { chunk: Chunk; onDeleted: () => void; onOpenQuestion: (questionId: number) => void }) {
  const id = useId();
  const [loaded, setLoaded] = useState(chunk);
  const [draft, setDraft] = useState<ChunkDraft>(() => draftOf(chunk));
  const [clean, setClean] = useState(chunk.answerTextClean);
  const [words, setWords] = useState(chunk.numWords);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const changes = changedFields(draftOf(loaded), draft);
  const dirty = Object.keys(changes).length > 0;
  const statusTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(statusTimer.current), []);

  // The cleaned text follows the markdown as it is typed (server-side parser, after a pause).
  const cleanLater = useMemo(() => createDebounce((run: () => void) => run(), 600), []);
  useEffect(() => () => cleanLater.cancel(), [cleanLater]);
  const onAnswer = (text: string) => {
    setDraft((current) => ({ ...current, answerText: text }));
    cleanLater.call(() => {
      liveRequest(markdownToClean, { markdown: text })
        .then((result) => {
          setClean(result.cleanText);
          setWords(result.numWords);
        })
        .catch(() => undefined);
    });
  };

  const save = useMutation({
    mutationFn: () => liveRequest(editChunk, { chunkId: chunk.chunkId, chunk: changes }),
    onSuccess: ({ chunk: saved }) => {
      setLoaded(saved);
      setDraft(draftOf(saved));
      setClean(saved.answerTextClean);
      setWords(saved.numWords);
      setStatus({ ok: true, text: t.saved });
      clearTimeout(statusTimer.current);
      statusTimer.current = setTimeout(() => setStatus(null), SAVED_MS);
    },
    onError: (error) => setStatus({ ok: false, text: t.saveError(liveErrorText(error)) }),
  });

  return (
    <article className="kb-card" aria-labelledby={`${id}-title`} data-testid={`kb-chunk-${chunk.chunkId}`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {loaded.name}
      </h2>
      <div className="kb-card__row">
        <strong>№{chunk.chunkId}</strong>
        <label className="kb-card__name">
          {t.name}
          <input type="text" value={draft.name} maxLength={300} onChange={(event) => setDraft({ ...draft, name: event.target.value })} data-testid="kb-chunk-name" />
        </label>
        <span className="muted">{t.words(words)}</span>
      </div>
      <div className="kb-card__row">
        <label>
          {t.lesson}
          <input type="number" min={0} value={draft.lessonNum} onChange={(event) => setDraft({ ...draft, lessonNum: Math.max(0, Math.trunc(Number(event.target.value) || 0)) })} style={{ width: '6em' }} />
        </label>
        <Checkbox label={t.plus90} checked={draft['90plus'] === '1'} onChange={(checked) => setDraft({ ...draft, '90plus': checked ? '1' : '0' })} />
        <Select aria-label={t.kind} options={(['theory', 'org'] as const).map((value) => ({ value, label: t.kinds[value] }))} value={draft.kind} onChange={(value) => setDraft({ ...draft, kind: value })} />
      </div>
      <label>
        <span className="muted">{t.answer}</span>
        <textarea value={draft.answerText} onChange={(event) => onAnswer(event.target.value)} data-testid="kb-chunk-answer" />
      </label>
      <div>
        <span className="muted">{t.clean}</span>
        <pre className="kb-card__clean" data-testid="kb-chunk-clean">{clean}</pre>
      </div>
      <Accordion title={t.questions}>
        <ChunkQuestions chunkId={chunk.chunkId} onOpen={onOpenQuestion} />
      </Accordion>
      <div className="kb-card__actions">
        {status && (
          <span className={`kb-card__status kb-card__status--${status.ok ? 'ok' : 'fail'}`} role="status" data-testid="kb-chunk-status">
            {status.ok ? '✓ ' : '✗ '}
            {status.text}
          </span>
        )}
        <Button variant="danger" onClick={() => setRemoving(true)}>
          {t.remove}
        </Button>
        <Button onClick={() => save.mutate()} disabled={!dirty} loading={save.isPending} data-testid="kb-chunk-save">
          {t.save}
        </Button>
      </div>
      <ConfirmPopup
        open={removing}
        danger
        title={t.removeTitle}
        text={t.removeText(loaded.name)}
        confirmLabel={t.remove}
        error={removeError}
        onCancel={() => {
          setRemoving(false);
          setRemoveError(null);
        }}
        onConfirm={async () => {
          try {
            await liveRequest(deleteChunk, { chunkId: chunk.chunkId });
            setRemoving(false);
            onDeleted();
          } catch (error) {
            setRemoveError(liveErrorText(error));
          }
        }}
      />
    </article>
  );
}

function ChunkQuestions({ chunkId, onOpen }: { chunkId: number; onOpen: (questionId: number) => void }) {
  const client = useQueryClient();
  const questionsQuery = knowledgeQueries.chunkQuestions(chunkId);
  const questions = useQuery(questionsQuery);
  const [linkNumber, setLinkNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (input: { method: 'create'; questionId?: number } | { method: 'delete'; questionId: number }) =>
      liveRequest(setTheoryQuestion, input.method === 'create' ? { method: 'create', chunkId, ...(input.questionId ? { questionId: input.questionId } : {}) } : { method: 'delete', questionId: input.questionId, chunkId }),
    onSuccess: (result, input) => {
      setError(null);
      void client.invalidateQueries({ queryKey: questionsQuery.queryKey });
      if (input.method === 'create' && !input.questionId) onOpen(result.questionId);
    },
    onError: (failure) => setError(t.createQuestionError(liveErrorText(failure))),
  });
  if (questions.isPending) return <Loader size="sm" />;
  if (questions.isError) return <ErrorBox message={ruKnowledge.admin.error(liveErrorText(questions.error))} onRetry={() => void questions.refetch()} />;
  return (
    <div>
      {questions.data.questions.length === 0 ? (
        <EmptyState text={t.noQuestions} compact />
      ) : (
        <ul className="kb-questions">
          {questions.data.questions.map((question) => (
            <li key={question.qId}>
              <Button variant="ghost" size="sm" onClick={() => onOpen(question.qId)}>
                {t.questionItem(question.qId)}
              </Button>
              <span className="muted">
                {question.shortText}
                {question.isPublished === '0' ? ` · ${t.unpublished}` : ''}
              </span>
              <Button variant="ghost" size="sm" aria-label={t.removeQuestion(question.qId)} disabled={change.isPending} onClick={() => change.mutate({ method: 'delete', questionId: question.qId })}>
                ✕
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="kb-card__row">
        <Button variant="secondary" size="sm" loading={change.isPending} onClick={() => change.mutate({ method: 'create' })}>
          {t.addQuestion}
        </Button>
        <label>
          {t.linkQuestion}
          <input type="number" min={1} value={linkNumber} onChange={(event) => setLinkNumber(event.target.value)} style={{ width: '7em' }} />
        </label>
        <Button variant="secondary" size="sm" disabled={!/^\d+$/.test(linkNumber) || Number(linkNumber) < 1 || change.isPending} onClick={() => change.mutate({ method: 'create', questionId: Number(linkNumber) })}>
          {t.link}
        </Button>
      </div>
      {error && <ErrorBox message={error} />}
    </div>
  );
}
