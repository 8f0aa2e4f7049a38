import { formatMoscowTimeWithSeconds, moscowDateKey } from './moscow-time';

/**
 * Rules of the school's internal standards (back-office §2.3, §3, §4, §6) that both sides need.
 * Handlers: server/domains/standards; screen: src/renderer/src/features/standards.
 */

/** Access levels of a user to one process (back-office §3 'Process access'). */
export const PROCESS_ACCESS_TYPES = ['Менеджер', 'Просмотр', 'Нет'] as const;
export type ProcessAccessType = (typeof PROCESS_ACCESS_TYPES)[number];

/** Without a row of its own, a staff member reads and learns every process: the rules are for everyone. */
export const DEFAULT_PROCESS_ACCESS: ProcessAccessType = 'Просмотр';

/** How many latest learned comments the 'Последние 50' list shows (back-office §9). */
export const LATEST_COMMENTS_LIMIT = 50;

export const STANDARD_LIMITS = {
  name: 200,
  process: 100,
  link: 2000,
  /** Stored HTML after sanitising; the editor refuses longer input before that. */
  htmlDescription: 100_000,
  comment: 2000,
} as const;

/** Server-side messages of the standards calls (shown by the UI as they are). */
export const STANDARDS_TEXTS = {
  notFound: 'Стандарт не найден',
  commentNotFound: 'Комментарий не найден',
  noProcessAccess: 'Нет доступа к процессу этого стандарта',
  notManager: 'Изменять стандарты процесса может только его менеджер',
  cannotCreate: 'Создавать стандарты могут администраторы и менеджеры процессов',
  standardRequired: 'Заполните стандарт',
  standardIdRequired: 'Не указан стандарт',
  changedByOther: 'Стандарт уже изменил другой пользователь. Закройте окно и откройте стандарт заново, чтобы не потерять чужие правки.',
  alreadyLearned: 'Стандарт уже изучен после последнего изменения',
  commentRequired: 'Напишите, как вы поняли стандарт',
  cannotReset: 'Отменить изучение может автор комментария или менеджер процесса',
  badLink: 'Ссылка должна начинаться с http:// или https://',
  emptyDescription: 'Описание пустое после очистки: разрешены только обычные теги текста',
  unknownUser: 'Пользователь не найден среди сотрудников',
  adminAlwaysManager: 'Администратор всегда менеджер процесса',
  processNotFound: 'Процесс не найден',
} as const;

/** A learned mark counts only when it is later than the last change (back-office §4). */
export function isLearnedAfterChange(learnedAt: number | null, updatedAt: number): boolean {
  return learnedAt !== null && learnedAt > updatedAt;
}

/** 'YYYY-MM-DD HH:MM:SS' in Moscow, the wire form of a standard's dates (back-office §3). */
export function standardStamp(ms: number): string {
  return `${moscowDateKey(ms)} ${formatMoscowTimeWithSeconds(ms)}`;
}

/** 'YYYY-MM-DD HH:MM:SS' → 'dd.mm.yyyy hh:mm' for the screen; '' stays ''. */
export function stampToRu(stamp: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})/.exec(stamp);
  return match ? `${match[3]}.${match[2]}.${match[1]} ${match[4]}:${match[5]}` : stamp;
}

/** Only web addresses: a `javascript:` or `data:` link must never reach an href or an iframe. */
export function isWebLink(link: string): boolean {
  if (link === '') return true;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** What a standard's link leads to, for the link card shown in place of an embedded page. */
export type LinkKind = 'video' | 'document' | 'page';

/**
 * The link card's facts: the site's host and what kind of page it is. The page itself is never
 * loaded inside our screen (issue #25 row 12): a frame of another site would tell that site the
 * address of every reader who opens the standard, and it would need scripts and its own origin.
 */
export function linkCardOf(link: string): { host: string; kind: LinkKind } | null {
  if (link === '' || !isWebLink(link)) return null;
  const url = new URL(link);
  const host = url.hostname.replace(/^www\./, '');
  if (host === 'youtube.com' || host === 'youtu.be' || host === 'rutube.ru' || (host === 'vk.com' && url.pathname.startsWith('/video'))) return { host, kind: 'video' };
  if (host === 'docs.google.com' || host === 'drive.google.com' || host === 'disk.yandex.ru' || host === 'docs.yandex.ru') return { host, kind: 'document' };
  return { host, kind: 'page' };
}

/** Back-office §2.3: the create button shows when the list is empty or its first item is editable. */
export function showsCreateButton(standards: ReadonlyArray<{ canEdit: string }>): boolean {
  return standards.length === 0 || standards[0]!.canEdit !== '0';
}

/** Standards grouped by process, processes and names in Russian alphabetical order. */
export function groupByProcess<T extends { process: string; name: string }>(standards: readonly T[]): Array<{ process: string; standards: T[] }> {
  const groups = new Map<string, T[]>();
  for (const standard of standards) {
    const list = groups.get(standard.process) ?? [];
    list.push(standard);
    groups.set(standard.process, list);
  }
  const collator = new Intl.Collator('ru');
  return [...groups.entries()]
    .sort(([a], [b]) => collator.compare(a, b))
    .map(([process, list]) => ({ process, standards: list.sort((a, b) => collator.compare(a.name, b.name)) }));
}
