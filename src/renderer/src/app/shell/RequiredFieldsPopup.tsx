import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { REQUIRED_FIELD_NAMES, setRequiredNotFilledFields } from '@shared/contract/shell';
import { oneOf } from '@shared/guards';
import { ru } from '../../i18n/ru';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { userInfoQuery } from '../../lib/use-user-info';
import { profileFieldsQuery } from '../../profile-fields/api';
import { emptyFieldProblem, ProfileFieldInput } from '../../profile-fields/ProfileFieldInput';
import { Popup, SendButton } from '../../ui';

const t = ru.shell.requiredFields;

/**
 * Asks for the profile fields the server reports as unfilled (shell §3.7, §5), all at once and
 * before anything else: for staff, and for students in a school that keeps the blocking form
 * (PROFILE_FORM_BLOCKING). Nothing is sent until every field passes. Otherwise a student is asked
 * one field at a time on «Сегодня», with why it is needed (features/today/ProfileQuestionCard).
 */
export function RequiredFieldsPopup() {
  const queryClient = useQueryClient();
  const required = useQuery(profileFieldsQuery());
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState('');

  const fields = required.data?.fields ?? [];
  if (fields.length === 0 || required.data?.blocking !== '1') return null;
  const regions = required.data.fieldsAdditional.fieldsRegions;

  const submit = async () => {
    setError('');
    for (const field of fields) {
      const problem = emptyFieldProblem(field, values[field.field] ?? '');
      if (problem) {
        setError(problem);
        throw new Error('invalid');
      }
    }
    try {
      await api.call(
        setRequiredNotFilledFields,
        { fields: fields.map((field) => ({ field: oneOf(REQUIRED_FIELD_NAMES, field.field, 'поле профиля'), value: (values[field.field] ?? '').trim() })) },
        { handleErrors: true },
      );
    } catch (caught) {
      setError(caught instanceof ApiError && caught.kind === 'failure' ? caught.message : t.error(caught instanceof Error ? caught.message : ''));
      throw caught;
    }
    // Close after the 'sent' state had its 2 s.
    setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: profileFieldsQuery().queryKey });
      void queryClient.invalidateQueries({ queryKey: userInfoQuery().queryKey });
    }, 2000);
  };

  return (
    <Popup open title={t.title} dismissable={false} onClose={() => undefined}>
      <p className="muted">{t.text}</p>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
        }}
        noValidate
      >
        {fields.map((field) => (
          <ProfileFieldInput
            key={field.field}
            field={field}
            regions={regions}
            value={values[field.field] ?? ''}
            onChange={(next) => setValues((current) => ({ ...current, [field.field]: next }))}
          />
        ))}
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <SendButton onClick={submit} label={t.send} sentLabel={t.sent} />
      </form>
    </Popup>
  );
}
