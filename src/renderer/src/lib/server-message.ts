import { ru } from '../i18n/ru';

/**
 * The server's failure message as a person reads it. For API clients the server names the bad
 * field (`Поле "newName": имя не может быть пустым`, ARCHITECTURE §3); people never see a field
 * name (§8), so this keeps the reason only, and replaces reasons that are the validator's own
 * technical wording (`Неверный ввод: ожидалось string…`) with one plain sentence. The raw text
 * stays in the error's `body` for developers. Every other message is already written for people.
 */
export function messageForPeople(raw: string): string {
  const field = /^Поле "[^"]*": ([\s\S]*)$/.exec(raw);
  const request = /^Некорректные данные запроса(?::\s*([\s\S]*))?$/.exec(raw);
  if (!field && !request) return raw;
  const reason = (field?.[1] ?? request?.[1] ?? '').trim();
  if (reason === '' || isValidatorWording(reason)) return ru.common.invalidInput;
  return reason[0]!.toUpperCase() + reason.slice(1);
}

/** zod's Russian locale messages (its defaults, never ours): they name types and shapes, not people's words. */
const VALIDATOR_WORDING = /^(Неверн(ый|ая|ое|ые)[\s:]|Слишком (большое|маленькое) значение|Нераспознанн)/u;

function isValidatorWording(reason: string): boolean {
  return VALIDATOR_WORDING.test(reason);
}
