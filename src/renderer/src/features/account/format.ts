import { isoDateToRu } from '@shared/domain/moscow-time';
import { ruAccount as t } from '../../i18n/account';

/** A value or the dash the account shows for anything empty. */
export function orDash(value: string | null | undefined): string {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? t.dash : trimmed;
}

/** 'YYYY-MM-DD' → 'dd.mm.yyyy'; empty → dash. */
export function dateOrDash(value: string): string {
  return value.trim() === '' ? t.dash : isoDateToRu(value.trim());
}

const roubles = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** The wire's rouble string ('1500', '-12.5') as '1 500 ₽'. */
export function roublesText(value: string): string {
  const amount = Number(value);
  return value.trim() === '' || !Number.isFinite(amount) ? t.dash : `${roubles.format(amount)} ₽`;
}

/** Balance colour (spec §4.6): green above 0, red below, orange at 0. */
export function balanceTone(value: string): 'positive' | 'negative' | 'zero' {
  const amount = Number(value);
  if (!Number.isFinite(amount) || amount === 0) return 'zero';
  return amount > 0 ? 'positive' : 'negative';
}

/** '79161234567' → '+7 916 123-45-67'; anything else as stored. */
export function phoneText(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) {
    return `+7 ${digits.slice(1, 4)} ${digits.slice(4, 7)}-${digits.slice(7, 9)}-${digits.slice(9)}`;
  }
  return orDash(value);
}

/** 'Соколов', 'Дмитрий' → 'Дмитрий Соколов'; nobody → dash. */
export function personName(name: string, surname: string): string {
  return orDash(`${name} ${surname}`);
}
