import { createApiClient } from './api-client';
import { clearSession, readSession } from './session';

/** Where calls go: this origin in the browser, the configured server on the desktop. */
let baseUrl = '';
let signedOutHandler: () => void = () => undefined;
let notifyHandler: (text: string) => void = (text) => window.alert(text);
let clientName = 'enot-web';

/** The one API client of the app. Its hooks are set by the app shell at start. */
export const api = createApiClient({
  baseUrl: () => baseUrl,
  session: readSession,
  onSignedOut: () => {
    clearSession();
    signedOutHandler();
  },
  notify: (text) => notifyHandler(text),
  get clientName() {
    return clientName;
  },
});

export function configureApi(options: {
  baseUrl?: string;
  clientName?: string;
  onSignedOut?: () => void;
  notify?: (text: string) => void;
}): void {
  if (options.baseUrl !== undefined) baseUrl = options.baseUrl.replace(/\/$/, '');
  if (options.clientName) clientName = options.clientName;
  if (options.onSignedOut) signedOutHandler = options.onSignedOut;
  if (options.notify) notifyHandler = options.notify;
}

/** The server origin calls go to ('' = this page's origin). */
export function apiBaseUrl(): string {
  return baseUrl;
}
