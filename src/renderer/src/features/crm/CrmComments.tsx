import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addCrmComment } from '@shared/contract/crm';
import { type KeyboardEvent, useState } from 'react';
import { ruCrm } from '../../i18n/crm';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { Button, ErrorBox, QueryState } from '../../ui';
import { crmQueries } from './api';

const t = ruCrm.comments;

/** The card's CRM comment thread (§2.6, §5: an empty text cannot be sent, Enter submits). */
export function CrmComments({ userKey }: { userKey: string }) {
  const queryClient = useQueryClient();
  const threadQuery = crmQueries.comments(userKey);
  const [text, setText] = useState('');
  const thread = useQuery(threadQuery);
  const add = useMutation({
    mutationFn: (comment: string) => liveRequest(addCrmComment, { userId: userKey, comment }),
    onSuccess: ({ comment }) => {
      setText('');
      queryClient.setQueryData(threadQuery.queryKey, (old) => ({ comments: [...(old?.comments ?? []), comment] }));
    },
  });
  const send = () => {
    if (text.trim() !== '' && !add.isPending) add.mutate(text.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };

  return (
    <section className="crm__block" aria-labelledby="crm-comments-title">
      <h2 id="crm-comments-title">{t.title}</h2>
      <QueryState query={thread} errorText={(error) => ruCrm.error(liveErrorText(error))} retryLabel={ruCrm.retry} empty={(data) => data.comments.length === 0 && t.empty} emptyCompact>
        {(data) => (
          <ol className="crm__comments" data-testid="crm-comments">
            {data.comments.map((comment) => (
              <li key={comment.commentId} className="crm__comment">
                <div className="crm__comment-meta">
                  <strong>{comment.editorFullname}</strong> <time>{comment.datetime}</time>
                </div>
                <p>{comment.comment}</p>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      <label className="ui-field__label" htmlFor="crm-comment-input">
        {t.label}
      </label>
      <textarea id="crm-comment-input" className="ui-input crm__textarea" rows={3} value={text} placeholder={t.placeholder} onChange={(event) => setText(event.target.value)} onKeyDown={onKeyDown} maxLength={3000} />
      {add.isError && <ErrorBox message={t.error(liveErrorText(add.error))} />}
      <div className="crm__actions">
        <Button onClick={send} disabled={text.trim() === ''} loading={add.isPending}>
          {t.send}
        </Button>
      </div>
    </section>
  );
}
