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
  // Every call is signed with WebCrypto, which browsers give only to secure pages (https, or this
  // machine's own localhost): on a plain http address the app would sign in and then fail on every
  // screen, so it does not start there at all. The desktop's app:// scheme is registered secure.
  if (!window.isSecureContext) {
    const { showInsecureOrigin } = await import('./app/insecure-origin/show-insecure-origin');
    showInsecureOrigin(document.getElementById('root')!);
    return;
  }
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
