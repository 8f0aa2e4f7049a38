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
}

void start();
