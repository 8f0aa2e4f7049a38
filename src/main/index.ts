import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, ipcMain, Menu, protocol, session, shell, systemPreferences } from 'electron';
import { openOfflineCache, type OfflineCache } from './cache/offline-cache';
import { registerIpcHandlers } from './ipc';
import { listSystemDevices } from './media/os-devices';
import { createMainProbe, type SystemAccess } from './media/probe';
import { createStreamCookieHeader } from './media/stream-cookies';
import { buildMenuTemplate } from './menu';
import { decideNavigation } from './navigation';
import { APP_ORIGIN, APP_SCHEME, APP_START_URL, createAppProtocolHandler } from './protocol/app-protocol';
import { buildContentSecurityPolicy } from './protocol/csp';
import { installNavigationGuards, installPermissionHandlers } from './security';
import { createSettingsFile } from './settings/settings-file';
import { createMainWindow } from './window';

// Electron entry: wiring only; the logic lives in the plain modules imported above.

// Standard + secure: ES modules, fetch and storage work from app:// as from an https origin.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
]);

const outDir = join(import.meta.dirname, '..');
// `npm run desktop` serves the renderer from Vite; a packaged app never does.
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
const appOrigins = devServerUrl ? [APP_ORIGIN, new URL(devServerUrl).origin] : [APP_ORIGIN];

let mainWindow: BrowserWindow | null = null;
let cache: OfflineCache | null = null;

if (!app.requestSingleInstanceLock()) {
  // Another copy owns the cache file; it gets focused through 'second-instance'.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => cache?.close());
  installNavigationGuards(appOrigins);
  void app.whenReady().then(start);
}

function start(): void {
  const userData = app.getPath('userData');
  const settings = createSettingsFile(join(userData, 'settings.json'));
  cache = openOfflineCache(join(userData, 'offline-cache.sqlite'));

  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({
      rootDir: join(outDir, 'renderer'),
      contentSecurityPolicy: () => buildContentSecurityPolicy(settings.get().serverUrl),
    }),
  );
  installPermissionHandlers(appOrigins);

  const streamCookies = createStreamCookieHeader(() => settings.get().serverUrl);
  streamCookies.install(session.defaultSession.webRequest);

  registerIpcHandlers(ipcMain, {
    cache,
    setStreamCookies: (values) => streamCookies.set(values),
    settings: { getServerUrl: () => settings.get().serverUrl, setServerUrl: settings.setServerUrl },
    probeMedia: createMainProbe({
      permissions: () => ({ camera: systemAccess('camera'), microphone: systemAccess('microphone') }),
      listDevices: () => listSystemDevices(process.platform),
    }),
    appInfo: () => ({
      name: app.getName(),
      version: app.getVersion(),
      platform: process.platform,
      arch: process.arch,
      electron: process.versions.electron,
      chrome: process.versions.chrome,
    }),
    isTrustedSender: (event) => decideNavigation(event.senderFrame?.url ?? '', appOrigins) === 'allow',
  });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        isMac: process.platform === 'darwin',
        isDev: !app.isPackaged,
        openWebVersion: () => void shell.openExternal(`${settings.get().serverUrl}/study/`),
      }),
    ),
  );

  const open = () => {
    mainWindow = createMainWindow(preloadPath(), devServerUrl ? `${devServerUrl}/study/` : APP_START_URL);
    mainWindow.on('closed', () => (mainWindow = null));
  };
  open();
  app.on('activate', () => {
    if (!mainWindow) open();
  });
}

/**
 * Sandboxed preloads must be CommonJS: index.cjs once the preload build emits it; index.mjs is
 * what electron-vite emits for a "type": "module" package by default.
 */
function preloadPath(): string {
  const dir = join(outDir, 'preload');
  return [join(dir, 'index.cjs'), join(dir, 'index.js')].find((file) => existsSync(file)) ?? join(dir, 'index.mjs');
}

/** macOS and Windows have camera/microphone switches; elsewhere the page's own request decides. */
function systemAccess(type: 'camera' | 'microphone'): SystemAccess {
  if (process.platform !== 'darwin' && process.platform !== 'win32') return 'unknown';
  return systemPreferences.getMediaAccessStatus(type);
}
