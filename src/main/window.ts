import { BrowserWindow } from 'electron';

/** The one app window: sandboxed renderer, context isolation, no Node in the page. */
export function createMainWindow(preloadPath: string, startUrl: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 360,
    minHeight: 500,
    title: 'Енот',
    // Shown once painted, so the user never sees an empty white frame.
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: true,
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(startUrl);
  return window;
}
