import { JSON_LIMITS, jsonTextLimitBreach, jsonValueLimitBreach, type JsonLimitBreach } from '../../src/shared/json-limits';

/** What the caller reads when its JSON breaks a limit of src/shared/json-limits.ts. */
export const JSON_LIMIT_MESSAGES: Record<JsonLimitBreach, string> = {
  depth: `Некорректный запрос: вложенность данных больше ${JSON_LIMITS.maxDepth} уровней.`,
  array: `Некорректный запрос: в списке больше ${JSON_LIMITS.maxArrayItems.toLocaleString('ru-RU')} элементов.`,
  object: `Некорректный запрос: в объекте больше ${JSON_LIMITS.maxObjectKeys.toLocaleString('ru-RU')} полей.`,
};

export type BoundedJson = { ok: true; value: unknown } | { ok: false; reason: 'syntax' | JsonLimitBreach; message?: string };

/**
 * JSON.parse behind the limits: the text is scanned first (no recursion, no allocation), so a body
 * nested 100,000 levels is refused before it becomes objects. `message` is set for a breached
 * limit; a syntax error leaves the wording to the caller (HTTP and the sockets say it differently).
 */
export function parseBoundedJson(text: string): BoundedJson {
  const breach = jsonTextLimitBreach(text);
  if (breach) return { ok: false, reason: breach, message: JSON_LIMIT_MESSAGES[breach] };
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch {
    return { ok: false, reason: 'syntax' };
  }
}

/** The Russian refusal for a parsed value beyond the limits, or null when it fits. */
export function jsonLimitMessage(value: unknown): string | null {
  const breach = jsonValueLimitBreach(value);
  return breach ? JSON_LIMIT_MESSAGES[breach] : null;
}
