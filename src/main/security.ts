import { app, session, shell } from 'electron';
import { decideNavigation } from './navigation';

/** What our pages may ask for: the video chat needs camera and microphone. */
const ALLOWED_PERMISSIONS = new Set(['media', 'fullscreen', 'clipboard-sanitized-write', 'notifications']);

/**
 * Keeps every window on our own pages: https links open in the system browser, other
 * navigations, new windows and <webview> are refused.
 */
export function installNavigationGuards(appOrigins: readonly string[]): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event) => {
      const decision = decideNavigation(event.url, appOrigins);
      if (decision === 'allow') return;
      event.preventDefault();
      if (decision === 'open-external') void shell.openExternal(event.url);
    });
    contents.setWindowOpenHandler(({ url }) => {
      if (decideNavigation(url, appOrigins) === 'open-external') void shell.openExternal(url);
      return { action: 'deny' };
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}

/** Grants only the permissions above, and only to our own pages. */
export function installPermissionHandlers(appOrigins: readonly string[]): void {
  const allowed = (permission: string, url: string) =>
    ALLOWED_PERMISSIONS.has(permission) && decideNavigation(url, appOrigins) === 'allow';
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(allowed(permission, details.requestingUrl)),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    allowed(permission, requestingOrigin),
  );
}
