import type { getRequiredNotFilledFields } from '@shared/contract/shell';
import type { OutputOf } from '@shared/contract/core';
import { ru } from '../i18n/ru';
import { Select, TextField } from '../ui';

type Required = OutputOf<typeof getRequiredNotFilledFields>;
export type ProfileField = Required['fields'][number];
export type Region = Required['fieldsAdditional']['fieldsRegions'][number];

const t = ru.shell.requiredFields;

/**
 * One unfilled profile field as the server describes it: the region as a list, a date as a date
 * input, digits only for numbers, and never longer than the server's length (counted after
 * cleaning, so a pasted '+7 (999) …' still fits).
 */
export function ProfileFieldInput({ field, value, regions, onChange }: { field: ProfileField; value: string; regions: Region[]; onChange: (value: string) => void }) {
  const id = `required-${field.field}`;
  if (field.field === 'user_region') {
    return (
      <Select
        id={id}
        label={t.region}
        value={value}
        placeholder={t.regionPlaceholder}
        options={regions.map((region) => ({ value: region.regNumber, label: region.regName }))}
        onChange={onChange}
      />
    );
  }
  return (
    <TextField
      id={id}
      name={field.field}
      label={field.name}
      type={field.type === 'datetime' ? 'date' : 'text'}
      inputMode={field.type === 'number' ? 'numeric' : undefined}
      value={value}
      onChange={(next) => onChange((field.type === 'number' ? next.replace(/\D/g, '') : next).slice(0, Number(field.length) || undefined))}
    />
  );
}

/** The form's complaint about an empty field, or null when it has a value. */
export function emptyFieldProblem(field: ProfileField, value: string): string | null {
  const trimmed = value.trim();
  if (field.field === 'user_region') return trimmed === '' || trimmed === '0' ? t.empty(t.region) : null;
  return trimmed === '' ? t.empty(field.name) : null;
}
