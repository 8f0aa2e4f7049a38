/**
 * Whether a question to the theory bot is about the course's organisation (deadlines, payment,
 * schedule, curators, access) rather than social studies: the theory bot then offers
 * the organisational bot instead of «не нашёл». A small keyword classifier on word stems: each
 * stem names the school's business and is rare in ЕГЭ theory; «срок» counts only beside
 * homework words, since terms of office (срок полномочий) are theory.
 */
const ORG_STEMS = [
  'дедлайн',
  'оплат',
  'заплат',
  'тариф',
  'подписк',
  'промокод',
  'расписани',
  'вебинар',
  'куратор',
  'продлен',
  'продлит',
  'возврат денег',
  'личный кабинет',
  'домашк',
  'зачёт',
  'зачет',
  'пробник',
  'созвон',
  'платформ',
  'приложени',
  'доступ к урок',
  'доступ к курс',
];
const HOMEWORK_DEADLINE = /(срок|до какого|когда).{0,40}(дз|домашн|задани|зачёт|зачет|сдат|сдава|открыва|откро)/;

export function isOrganisationalQuestion(question: string): boolean {
  const text = question.toLowerCase().replace(/\s+/g, ' ');
  return ORG_STEMS.some((stem) => text.includes(stem)) || HOMEWORK_DEADLINE.test(text);
}
