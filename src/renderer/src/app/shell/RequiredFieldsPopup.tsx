import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { setRequiredNotFilledFields } from '@shared/contract/shell';
import { ru } from '../../i18n/ru';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { userInfoQuery } from '../../lib/use-user-info';
import { Button, Popup, SendButton, Select, TextField } from '../../ui';
import { paths } from '../../lib/route-names';
import { shellQueries } from './api';

const t = ru.shell.requiredFields;

/**
 * Asks for the profile fields the server reports as unfilled (shell §3.7, §5). Nothing is sent
 * until every field passes. For staff, and in a school that keeps the blocking form, it cannot be
 * dismissed; otherwise (issue 39) a student starts with «Сегодня» undisturbed and is asked
 * elsewhere, with «Позже» to put it off until the next visit.
 */
export function RequiredFieldsPopup() {
  const queryClient = useQueryClient();
  const required = useQuery(shellQueries.requiredFields());
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [later, setLater] = useState(false);
  const { pathname } = useLocation();

  const fields = required.data?.fields ?? [];
  const blocking = required.data?.blocking !== '0';
  if (fields.length === 0) return null;
  if (!blocking && (later || pathname === paths.today())) return null;
  const regions = required.data?.fieldsAdditional.fieldsRegions ?? [];

  const submit = async () => {
    setError('');
    for (const field of fields) {
      const value = (values[field.field] ?? '').trim();
      if (field.field === 'user_region') {
        if (value === '' || value === '0') {
          setError(t.empty(t.region));
          throw new Error('invalid');
        }
      } else if (value === '') {
        setError(t.empty(field.name));
        throw new Error('invalid');
      }
    }
    try {
      await api.call(
        setRequiredNotFilledFields,
        { fields: fields.map((field) => ({ field: field.field as never, value: (values[field.field] ?? '').trim() })) },
        { handleErrors: true },
      );
    } catch (caught) {
      setError(caught instanceof ApiError && caught.kind === 'failure' ? caught.message : t.error(caught instanceof Error ? caught.message : ''));
      throw caught;
    }
    // Close after the 'sent' state had its 2 s.
    setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: shellQueries.requiredFields().queryKey });
      void queryClient.invalidateQueries({ queryKey: userInfoQuery().queryKey });
    }, 2000);
  };

  return (
    <Popup open title={t.title} dismissable={!blocking} onClose={() => setLater(true)}>
      <p className="muted">{blocking ? t.text : t.textLater}</p>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
        }}
        noValidate
      >
        {fields.map((field) => {
          const value = values[field.field] ?? '';
          const set = (next: string) => setValues((current) => ({ ...current, [field.field]: next }));
          const id = `required-${field.field}`;
          if (field.field === 'user_region') {
            return (
              <Select
                key={field.field}
                id={id}
                label={t.region}
                value={value}
                placeholder={t.regionPlaceholder}
                options={regions.map((region) => ({ value: region.regNumber, label: region.regName }))}
                onChange={set}
              />
            );
          }
          return (
            <TextField
              key={field.field}
              id={id}
              name={field.field}
              label={field.name}
              type={field.type === 'datetime' ? 'date' : 'text'}
              inputMode={field.type === 'number' ? 'numeric' : undefined}
              value={value}
              // Digits only for numbers, and the server's length for everything; counted after
              // cleaning, so a pasted '+7 (999) …' still fits.
              onChange={(next) => set((field.type === 'number' ? next.replace(/\D/g, '') : next).slice(0, Number(field.length) || undefined))}
            />
          );
        })}
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <SendButton onClick={submit} label={t.send} sentLabel={t.sent} />
        {!blocking && (
          <Button variant="ghost" onClick={() => setLater(true)}>
            {t.later}
          </Button>
        )}
      </form>
    </Popup>
  );
}
