import { z } from 'zod';

// Zod's own messages in Russian for the cases our schemas do not word themselves.
z.config(z.locales.ru());

/** One Russian line naming the first bad field: `Поле "login": не заполнено`. */
export function describeInvalidInput(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Некорректные данные запроса.';
  const field = issue.path.map(String).join('.');
  return field ? `Поле "${field}": ${issue.message}` : `Некорректные данные запроса: ${issue.message}`;
}
