import { moscowInputValue, parseMoscowInput } from '@shared/domain/moscow-time';
import { Checkbox, TextField } from '../../ui';

/** An instant that may be absent («открыт сразу», «без дедлайна»), typed in Moscow time. */
export interface OptionalTime {
  on: boolean;
  text: string;
}

export const optionalTimeOf = (ms: number | null): OptionalTime => ({ on: ms !== null, text: ms === null ? '' : moscowInputValue(ms) });

/** The instant to send: null when switched off, undefined when switched on but not a full date and time. */
export function instantOf(value: OptionalTime): number | null | undefined {
  if (!value.on) return null;
  return parseMoscowInput(value.text) ?? undefined;
}

/**
 * A checkbox that turns the instant on and the date-and-time input (Moscow time). `inverted`
 * turns the checkbox's meaning round (checked = no instant, «Открыт сразу»).
 */
export function OptionalTimeField({
  value,
  onChange,
  check,
  label,
  inverted = false,
  error,
}: {
  value: OptionalTime;
  onChange: (value: OptionalTime) => void;
  check: string;
  label: string;
  inverted?: boolean;
  error?: string;
}) {
  return (
    <div className="ce-time">
      <Checkbox checked={inverted ? !value.on : value.on} onChange={(checked) => onChange({ ...value, on: inverted ? !checked : checked })} label={check} />
      {value.on && <TextField label={label} type="datetime-local" value={value.text} onChange={(text) => onChange({ ...value, text })} error={error} />}
    </div>
  );
}
