import type { DesktopApi } from '../../../shared/desktop-api';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in the browser. */
    desktop?: DesktopApi;
  }
}

/** The typed desktop interface, or null in the browser. */
export function desktopApi(): DesktopApi | null {
  return typeof window !== 'undefined' && window.desktop ? window.desktop : null;
}

/** True inside the Electron app. */
export function isDesktop(): boolean {
  return desktopApi() !== null;
}

export type ClientName = 'enot-web' | 'enot-desktop';

/** The value of the x-client header, so the server can tell the two clients apart. */
export function clientName(): ClientName {
  return isDesktop() ? 'enot-desktop' : 'enot-web';
}
