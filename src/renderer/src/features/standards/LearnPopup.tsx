import { useMutation, useQueryClient } from '@tanstack/react-query';
import { standardLearned } from '@shared/contract/standards';
import { STANDARD_LIMITS } from '@shared/domain/standards';
import { type FormEvent, useId, useState } from 'react';
import { ruStandards } from '../../i18n/standards';
import { api } from '../../lib/api';
import { Button, ErrorBox, Popup, useNotify } from '../../ui';
import { STANDARDS_KEY } from './queries';

const t = ruStandards;

/** 'Отметить изученным' with a comment on how the standard (or its change) was understood. */
export function LearnPopup({ standardId, onClose }: { standardId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  const id = useId();
  const learn = useMutation({
    mutationFn: () => api.call(standardLearned, { standardId, comment: comment.trim() }, { handleErrors: true }),
    onSuccess: async () => {
      notify(t.learnDone, { tone: 'success' });
      onClose();
      await queryClient.invalidateQueries({ queryKey: STANDARDS_KEY });
    },
  });
  const empty = comment.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!empty && !learn.isPending) learn.mutate();
  };
  return (
    <Popup
      open
      onClose={onClose}
      title={t.learnTitle}
      size="md"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" form={`${id}-form`} loading={learn.isPending} disabled={learn.isPending}>
            {t.learnSubmit}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="standards-form" onSubmit={submit} noValidate>
        <label className="ui-field__label" htmlFor={`${id}-comment`}>
          {t.learnLabel}
        </label>
        <textarea
          id={`${id}-comment`}
          className="ui-input standards-form__textarea"
          rows={4}
          value={comment}
          maxLength={STANDARD_LIMITS.comment}
          placeholder={t.learnPlaceholder}
          aria-invalid={(touched && empty) || undefined}
          onChange={(event) => setComment(event.target.value)}
        />
        {touched && empty && <p className="ui-field__error">{t.required}</p>}
        {learn.isError && <ErrorBox message={learn.error.message} />}
      </form>
    </Popup>
  );
}
