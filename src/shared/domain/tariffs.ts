/** Tariff codes (shell §4.6, back-office §9). */
export const TARIFF_NAMES: Readonly<Record<number, string>> = {
  1: 'Демократический',
  2: 'Авторитарный',
  3: 'Тоталитарный',
  4: 'Подписка',
};

/** What each tariff includes, as the personal account explains it. */
export const TARIFF_NOTES: Readonly<Record<number, string>> = {
  1: 'без проверки домашних заданий',
  2: 'домашние задания проверяет куратор',
  3: 'домашние задания проверяет эксперт',
  4: 'ежемесячная подписка',
};

export function tariffName(code: number | string | null | undefined): string {
  return TARIFF_NAMES[Number(code)] ?? 'не задан';
}
