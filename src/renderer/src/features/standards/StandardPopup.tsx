import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resetStandardLearn, setStandard, type LearnedComment, type Standard } from '@shared/contract/standards';
import { linkCardOf, stampToRu } from '@shared/domain/standards';
import { useState } from 'react';
import { ruStandards } from '../../i18n/standards';
import { api } from '../../lib/api';
import { Accordion, Button, buttonClassName, ConfirmPopup, ErrorBox, Loader, Popup, QueryState, useNotify } from '../../ui';
import { CommentList } from './CommentList';
import { IsolatedHtmlFrame } from './IsolatedHtmlFrame';
import { LearnPopup } from './LearnPopup';
import { STANDARDS_KEY, useLearnedComments, useStandard } from './queries';
import { StandardEditPopup } from './StandardEditPopup';

const t = ruStandards;

/** The standard popup of back-office §2.3. */
export function StandardPopup({ standardId, onClose }: { standardId: number; onClose: () => void }) {
  const query = useStandard(standardId);
  const standard = query.data?.standard;
  return (
    <Popup open onClose={onClose} title={standard?.name ?? t.title} size="lg" className="standards-popup">
      <QueryState query={query} errorText={(error) => t.standardError(error.message)}>
        {(data) => (
          <StandardView standard={data.standard} onClose={onClose} />
        )}
      </QueryState>
    </Popup>
  );
}

function StandardView({ standard, onClose }: { standard: Standard; onClose: () => void }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [learning, setLearning] = useState(false);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const isEditor = standard.canEdit === '1';
  const refresh = () => queryClient.invalidateQueries({ queryKey: STANDARDS_KEY });

  const cancel = useMutation({
    mutationFn: (learnedCommentId: number) => api.call(resetStandardLearn, { learnedCommentId }, { handleErrors: true }),
    onSuccess: async () => {
      setCancelling(null);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => api.call(setStandard, { action: 'delete', standardId: standard.id }, { handleErrors: true }),
    onSuccess: async () => {
      notify(t.removed, { tone: 'success' });
      onClose();
      await refresh();
    },
  });

  const card = linkCardOf(standard.link);
  const outdated = standard.isLearned === '0' && standard.learnedAt !== '';

  return (
    <div className="standards-view">
      <dl className="standards-view__facts">
        <div>
          <dt>{t.number}</dt>
          <dd>{standard.id}</dd>
        </div>
        <div>
          <dt>{t.process}</dt>
          <dd>{standard.process}</dd>
        </div>
        <div>
          <dt>{t.changed}</dt>
          <dd>{stampToRu(standard.updatedAt)}</dd>
        </div>
        <div>
          <dt>{t.learned}</dt>
          <dd data-testid="standard-learned-at">{standard.learnedAt === '' ? t.notLearnedYet : stampToRu(standard.learnedAt)}</dd>
        </div>
      </dl>
      {outdated && (
        <p className="standards-view__warning" role="status">
          {t.learnAgain}
        </p>
      )}

      <h3 className="standards-view__heading">{t.description}</h3>
      {standard.htmlDescription === '' ? <p className="muted">{t.descriptionEmpty}</p> : <IsolatedHtmlFrame html={standard.htmlDescription} title={t.descriptionFrame} />}

      {card && (
        <div className="standards-view__link">
          <h3 className="standards-view__heading">{t.link}</h3>
          <a href={standard.link} target="_blank" rel="noreferrer noopener">
            {standard.link}
          </a>
          {/* A card, not a frame of the page: framing another site would report every reader to it. */}
          <section className="standards-link-card" aria-label={t.linkCard}>
            <p className="standards-link-card__what">
              <span className="standards-link-card__kind">{t.linkKinds[card.kind]}</span> <span className="standards-link-card__host">{card.host}</span>
            </p>
            <p className="standards-link-card__note">{t.linkCardNote}</p>
            <a className={buttonClassName('secondary', { size: 'sm' })} href={standard.link} target="_blank" rel="noreferrer noopener">
              {t.openLink}
            </a>
          </section>
        </div>
      )}

      {standard.learnedComment !== '' && (
        <div className="standards-view__mine">
          <h3 className="standards-view__heading">{t.myComment}</h3>
          <p className="standards__comment-text">{standard.learnedComment}</p>
          {standard.learnedCommentId > 0 && (
            <Button variant="secondary" size="sm" onClick={() => setCancelling(standard.learnedCommentId)}>
              {t.cancelLearning}
            </Button>
          )}
        </div>
      )}

      {isEditor && <EveryonesComments standardId={standard.id} onCancel={(comment) => setCancelling(comment.learnedCommentId)} />}

      {actionError && <ErrorBox message={actionError} />}

      <div className="standards-view__actions">
        {standard.isLearned === '0' && <Button onClick={() => setLearning(true)}>{t.markLearned}</Button>}
        {isEditor && (
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t.edit}
            </Button>
            <Button variant="danger" onClick={() => setRemoving(true)}>
              {t.remove}
            </Button>
          </>
        )}
      </div>

      {learning && <LearnPopup standardId={standard.id} onClose={() => setLearning(false)} />}
      {editing && <StandardEditPopup standard={standard} onClose={() => setEditing(false)} onSaved={() => setActionError(null)} />}
      <ConfirmPopup
        open={cancelling !== null}
        title={t.cancelQuestion}
        confirmLabel={t.cancelConfirm}
        cancelLabel={t.close}
        danger
        error={cancel.error?.message}
        onCancel={() => {
          cancel.reset();
          setCancelling(null);
        }}
        onConfirm={() => (cancelling !== null ? cancel.mutateAsync(cancelling).catch(() => undefined) : undefined)}
      />
      <ConfirmPopup
        open={removing}
        title={t.removeQuestion(standard.name)}
        text={t.removeText}
        confirmLabel={t.remove}
        cancelLabel={t.cancel}
        danger
        error={remove.error?.message}
        onCancel={() => {
          remove.reset();
          setRemoving(false);
        }}
        onConfirm={() => remove.mutateAsync().catch(() => undefined)}
      />
    </div>
  );
}

/** 'Как поняли изменения': every learned comment, for the process manager. */
function EveryonesComments({ standardId, onCancel }: { standardId: number; onCancel: (comment: LearnedComment) => void }) {
  const [open, setOpen] = useState(true);
  const query = useLearnedComments(standardId, open);
  return (
    <Accordion title={t.howUnderstood} open={open} onOpenChange={setOpen} summary={query.data ? String(query.data.comments.length) : undefined} className="standards-view__everyone">
      <QueryState query={query} errorText={(error) => t.commentsError(error.message)} loading={open ? <Loader /> : null} empty={(data) => data.comments.length === 0 && t.commentsEmpty} emptyCompact>
        {(data) => (
          <CommentList comments={data.comments} onCancel={onCancel} />
        )}
      </QueryState>
    </Accordion>
  );
}
