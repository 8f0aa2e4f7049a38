import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { configureApi } from './lib/api';
import { clientName, desktopApi } from './lib/platform';
import './styles/base.css';
import './styles/theme.css';
import './app/app.css';

/** On the desktop every call goes to the configured server: know it before the first call. */
async function start(): Promise<void> {
  const desktop = desktopApi();
  configureApi({ clientName: clientName(), ...(desktop ? { baseUrl: await desktop.getServerUrl() } : {}) });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  if (!desktop) whenLoaded(startAppWorker);
}

/** The browser build's service worker (README «Клиент»): loaded after the page, never on the desktop or off http(s). */
function startAppWorker(): void {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  // Without a worker (a private window that refuses it) the app works online exactly as before.
  void import('./lib/app-worker').then(({ registerAppWorker }) => registerAppWorker()).catch(() => undefined);
}

function whenLoaded(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

void start();
