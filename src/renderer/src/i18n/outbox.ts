/** Texts of the queued-changes badge and page. */
export const ruOutbox = {
  title: 'Не отправлено / Конфликт',
  intro: 'Изменения, сделанные без связи, хранятся на этом устройстве и отправляются сами, как только связь появится.',
  conflictsTitle: 'Конфликты: нужен ваш выбор',
  pendingTitle: 'Ждут отправки',
  empty: 'Всё отправлено: на этом устройстве ничего не ждёт.',
  savedAt: (when: string) => `Сохранено ${when}`,
  reason: (message: string) => `Сервер не принял: ${message}`,
  pendingHint: 'Отправится само, когда будет связь. Ничего делать не нужно.',
  resolve: 'Открыть и решить',
  open: 'Открыть',
  dismiss: 'Понятно, убрать',
  sendNow: 'Отправить сейчас',
  offline: 'Нет связи: отправим, когда она появится.',
  badgeLabel: (pending: number, conflicts: number) =>
    [conflicts > 0 ? `конфликтов: ${conflicts}` : '', pending > 0 ? `не отправлено: ${pending}` : ''].filter(Boolean).join(', ').replace(/^./, (first) => first.toUpperCase()),
} as const;
