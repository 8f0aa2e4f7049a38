import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHUNK_FILTERS, CHUNK_PAGE_SIZES, createChunk, publishChunks, type ChunkFilter } from '@shared/contract/knowledge';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ruKnowledge } from '../../i18n/knowledge';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { Button, ConfirmPopup, createDebounce, ErrorBox, Loader, QueryState, Select } from '../../ui';
import { QuestionEditDialog } from '../question-bank-admin/QuestionEditDialog';
import { knowledgeKeys, knowledgeQueries } from './api';
import { ChunkCard } from './ChunkCard';
import { downloadChunksXlsx } from './export-chunks';
import { pageCount, parsePageJump, parseQuestionNumber, readListQuery } from './logic';
import './knowledge.css';

const t = ruKnowledge.admin;
/** back-office §9: page jumps and the question search wait 600 ms after typing. */
const TYPING_PAUSE_MS = 600;

/** back-office §2.15 'База знаний' (route curator/theory_chunks). */
export function TheoryChunksPage() {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { page, limit, filter } = readListQuery(params);
  const setQuery = (next: { page?: number; limit?: number; filter?: ChunkFilter }) =>
    setParams({ filter90Plus: next.filter ?? filter, page: String(next.page ?? page), limit: String(next.limit ?? limit) }, { replace: true });
  const list = useQuery(knowledgeQueries.chunkList(page, limit, filter));
  const pages = pageCount(list.data?.total ?? 0, limit);

  const [jump, setJump] = useState('');
  const [questionSearch, setQuestionSearch] = useState('');
  const [editingQuestion, setEditingQuestion] = useState<number | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [publishError, setPublishError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const jumpLater = useMemo(() => createDebounce((run: () => void) => run(), TYPING_PAUSE_MS), []);
  const searchLater = useMemo(() => createDebounce((run: () => void) => run(), TYPING_PAUSE_MS), []);
  useEffect(() => () => {
    jumpLater.cancel();
    searchLater.cancel();
  }, [jumpLater, searchLater]);

  const create = useMutation({
    mutationFn: () => liveRequest(createChunk, {}),
    // Creating reloads the list only on the last page, where the new chunk appears (§4).
    onSuccess: ({ total }) => {
      const last = pageCount(total, limit);
      if (page >= last - (total % limit === 1 ? 1 : 0)) setQuery({ page: last });
      void client.invalidateQueries({ queryKey: knowledgeKeys.chunkLists });
    },
  });

  return (
    <section className="screen kb-admin" aria-labelledby="kb-admin-title">
      <div className="kb-admin__head">
        <h1 id="kb-admin-title">{t.title}</h1>
        <div className="kb-admin__actions">
          <Button variant="secondary" onClick={() => setPublishing(true)} title={t.publish} data-testid="kb-publish">
            {t.publish}
          </Button>
          <Button
            variant="secondary"
            loading={exporting}
            onClick={async () => {
              setExporting(true);
              setExportError(null);
              try {
                await downloadChunksXlsx(filter);
              } catch (error) {
                setExportError(t.exportError(liveErrorText(error)));
              } finally {
                setExporting(false);
              }
            }}
            data-testid="kb-export"
          >
            {t.export}
          </Button>
          <Button onClick={() => create.mutate()} loading={create.isPending} data-testid="kb-create">
            {t.create}
          </Button>
        </div>
      </div>
      {notice && <p className="kb-card__status kb-card__status--ok" role="status">{notice}</p>}
      {exportError && <ErrorBox message={exportError} />}
      {create.isError && <ErrorBox message={t.createError(liveErrorText(create.error))} />}

      <div className="kb-pager">
        <Button variant="secondary" size="sm" aria-label={t.previous} disabled={page <= 1} onClick={() => setQuery({ page: page - 1 })}>
          ←
        </Button>
        <span data-testid="kb-page-of">{t.pageOf(page, pages)}</span>
        <Button variant="secondary" size="sm" aria-label={t.next} disabled={page >= pages} onClick={() => setQuery({ page: page + 1 })}>
          →
        </Button>
        <input
          type="number"
          min={1}
          max={pages}
          aria-label={t.pageJump}
          placeholder={t.pageJump}
          value={jump}
          onChange={(event) => {
            const text = event.target.value;
            setJump(text);
            jumpLater.call(() => {
              const target = parsePageJump(text, pages);
              if (target !== null) setQuery({ page: target });
            });
          }}
        />
        <Select aria-label={t.filter} options={CHUNK_FILTERS.map((value) => ({ value, label: t.filters[value] }))} value={filter} onChange={(value) => setQuery({ filter: value, page: 1 })} />
        <Select aria-label={t.pageSize} options={CHUNK_PAGE_SIZES.map((value) => ({ value, label: String(value) }))} value={limit} onChange={(value) => setQuery({ limit: value, page: 1 })} />
        <label className="kb-pager">
          {t.searchQuestion}
          <input
            type="text"
            inputMode="numeric"
            placeholder={t.searchPlaceholder}
            value={questionSearch}
            onChange={(event) => {
              const text = event.target.value;
              setQuestionSearch(text);
              searchLater.call(() => {
                const id = parseQuestionNumber(text);
                if (id !== null) setEditingQuestion(id);
              });
            }}
            data-testid="kb-question-search"
          />
        </label>
      </div>

      <QueryState query={list} errorText={(error) => t.error(liveErrorText(error))} loading={<Loader label={t.loading} />} empty={(data) => data.chunks.length === 0 && t.empty(page)}>
        {(data) => (
          <div className="kb-chunks">
            {data.chunks.map((chunk) => (
              <ChunkCard
                key={chunk.chunkId}
                chunk={chunk}
                onOpenQuestion={setEditingQuestion}
                onDeleted={() => {
                  // The only chunk of the last page gone: step back a page (§4).
                  if (data.chunks.length === 1 && page > 1) setQuery({ page: page - 1 });
                  void client.invalidateQueries({ queryKey: knowledgeKeys.chunkLists });
                }}
              />
            ))}
          </div>
        )}
      </QueryState>

      {editingQuestion !== null && (
        <QuestionEditDialog
          key={editingQuestion}
          questionId={editingQuestion}
          onClose={() => {
            setEditingQuestion(null);
            void client.invalidateQueries({ queryKey: knowledgeKeys.chunkQuestions });
          }}
          neighbours={{ previous: null, next: null, onOpen: setEditingQuestion }}
        />
      )}
      <ConfirmPopup
        open={publishing}
        title={t.publishTitle}
        text={t.publishText}
        phrase={t.publishWord}
        confirmLabel={t.publishConfirm}
        error={publishError}
        onCancel={() => {
          setPublishing(false);
          setPublishError(null);
        }}
        onConfirm={async () => {
          try {
            const { published } = await liveRequest(publishChunks, {});
            setPublishing(false);
            setPublishError(null);
            setNotice(t.published(published));
          } catch (error) {
            setPublishError(liveErrorText(error));
          }
        }}
      />
    </section>
  );
}
