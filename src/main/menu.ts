import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  isMac: boolean;
  /** Developer tools only in development builds. */
  isDev: boolean;
  /** Opens the configured server's web version in the system browser. */
  openWebVersion(): void;
}

/** The application menu, in Russian (Electron's default menu is English). */
export function buildMenuTemplate(actions: MenuActions): MenuItemConstructorOptions[] {
  const appMenu: MenuItemConstructorOptions[] = actions.isMac
    ? [
        {
          label: 'Енот',
          submenu: [
            { role: 'about', label: 'О программе «Енот»' },
            { type: 'separator' },
            { role: 'hide', label: 'Скрыть «Енот»' },
            { role: 'hideOthers', label: 'Скрыть остальные' },
            { role: 'unhide', label: 'Показать все' },
            { type: 'separator' },
            { role: 'quit', label: 'Выйти из «Енот»' },
          ],
        },
      ]
    : [];

  return [
    ...appMenu,
    {
      label: 'Файл',
      submenu: [actions.isMac ? { role: 'close', label: 'Закрыть окно' } : { role: 'quit', label: 'Выход' }],
    },
    {
      label: 'Правка',
      submenu: [
        { role: 'undo', label: 'Отменить' },
        { role: 'redo', label: 'Повторить' },
        { type: 'separator' },
        { role: 'cut', label: 'Вырезать' },
        { role: 'copy', label: 'Копировать' },
        { role: 'paste', label: 'Вставить' },
        { role: 'selectAll', label: 'Выделить всё' },
      ],
    },
    {
      label: 'Вид',
      submenu: [
        { role: 'reload', label: 'Обновить' },
        ...(actions.isDev ? [{ role: 'toggleDevTools', label: 'Инструменты разработчика' } as const] : []),
        { type: 'separator' },
        { role: 'resetZoom', label: 'Фактический размер' },
        { role: 'zoomIn', label: 'Увеличить' },
        { role: 'zoomOut', label: 'Уменьшить' },
        { type: 'separator' },
        { role: 'togglefullscreen', label: 'Полноэкранный режим' },
      ],
    },
    {
      label: 'Окно',
      submenu: [
        { role: 'minimize', label: 'Свернуть' },
        ...(actions.isMac ? [{ role: 'front', label: 'Все окна на передний план' } as const] : []),
      ],
    },
    {
      label: 'Справка',
      submenu: [
        { label: 'Открыть веб-версию в браузере', click: () => actions.openWebVersion() },
        ...(actions.isMac ? [] : [{ role: 'about', label: 'О программе «Енот»' } as const]),
      ],
    },
  ];
}
