import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { REQUIRED_FIELD_NAMES, setRequiredNotFilledFields } from '@shared/contract/shell';
import { isOneOf } from '@shared/guards';
import { ruToday } from '../../i18n/today';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';
import { userInfoQuery } from '../../lib/use-user-info';
import { profileFieldsQuery } from '../../profile-fields/api';
import { emptyFieldProblem, ProfileFieldInput } from '../../profile-fields/ProfileFieldInput';
import { Button, Card } from '../../ui';

const t = ruToday.profile;
/** «Позже» puts the question off for a day. */
const LATER_MS = 24 * 3600_000;

/**
 * The profile fields the school needs, asked one at a time with what each is for, instead of a
 * form in front of everything (a school that wants that form keeps it: the shell's blocking popup).
 * Each answer is saved on its own; the next unfilled field follows.
 */
export function ProfileQuestionCard() {
  const queryClient = useQueryClient();
  const required = useQuery(profileFieldsQuery());
  const [laterUntil, setLaterUntil] = useState(() => Number(readStorage(STORAGE_KEYS.profileQuestionLater) ?? 0));
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  const fields = required.data?.fields ?? [];
  const field = fields[0];
  if (!field || required.data?.blocking !== '0' || laterUntil > Date.now() || !isOneOf(REQUIRED_FIELD_NAMES, field.field)) return null;
  const name = field.field;

  const save = async () => {
    const empty = emptyFieldProblem(field, value);
    if (empty) {
      setProblem(empty);
      return;
    }
    setSaving(true);
    setProblem('');
    try {
      await api.call(setRequiredNotFilledFields, { fields: [{ field: name, value: value.trim() }] }, { handleErrors: true });
      setValue('');
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: profileFieldsQuery().queryKey });
      void queryClient.invalidateQueries({ queryKey: userInfoQuery().queryKey });
    } catch (caught) {
      setProblem(caught instanceof ApiError && caught.kind === 'failure' ? caught.message : t.error(caught instanceof Error ? caught.message : ''));
    } finally {
      setSaving(false);
    }
  };
  const later = () => {
    const until = Date.now() + LATER_MS;
    writeStorage(STORAGE_KEYS.profileQuestionLater, String(until));
    setLaterUntil(until);
  };

  return (
    <Card title={t.title} className="today-profile" data-testid="today-profile">
      {saved && (
        <p className="today-profile__saved" role="status">
          {t.saved}
        </p>
      )}
      <form
        className="form today-profile__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <ProfileFieldInput
          key={name}
          field={field}
          regions={required.data?.fieldsAdditional.fieldsRegions ?? []}
          value={value}
          onChange={(next) => {
            setValue(next);
            setSaved(false);
          }}
        />
        <p className="muted today-profile__why">{t.why[name]}</p>
        {problem && (
          <p className="form__error" role="alert">
            {problem}
          </p>
        )}
        <div className="today-profile__actions">
          <Button type="submit" size="sm" loading={saving}>
            {t.save}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={later}>
            {t.later}
          </Button>
          {fields.length > 1 && <span className="muted today-profile__left">{t.left(fields.length)}</span>}
        </div>
      </form>
    </Card>
  );
}
