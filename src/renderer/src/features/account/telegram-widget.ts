import type { TelegramAuthData } from '@shared/contract/account';

/**
 * Telegram's Login Widget script (core.telegram.org/widgets/login). Loaded without data-*
 * attributes it draws nothing and exposes `Telegram.Login.auth`, which opens Telegram's own
 * sign-in window and hands back the signed user object. We use that rather than the iframe
 * button: the button's `data-onauth` is evaluated as code, which our CSP (no 'unsafe-eval') forbids.
 */
export const TELEGRAM_WIDGET_SRC = 'https://telegram.org/js/telegram-widget.js?22';

export interface TelegramLoginOptions {
  bot_id: string;
  request_access?: 'write';
  /** The spec forces Russian. */
  lang?: string;
}

interface TelegramLoginApi {
  auth(options: TelegramLoginOptions, callback: (user: TelegramAuthData | false) => void): void;
}

declare global {
  interface Window {
    Telegram?: { Login?: TelegramLoginApi };
    /** The widget's callback, as the widget's own snippet names it; set while the link control is shown. */
    onTelegramAuth?: (user: TelegramAuthData) => void;
  }
}

let loading: Promise<TelegramLoginApi> | null = null;

/** Loads the widget script once; a failed load can be tried again. */
export function loadTelegramLogin(): Promise<TelegramLoginApi> {
  if (window.Telegram?.Login) return Promise.resolve(window.Telegram.Login);
  loading ??= new Promise<TelegramLoginApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TELEGRAM_WIDGET_SRC;
    script.async = true;
    script.onload = () => (window.Telegram?.Login ? resolve(window.Telegram.Login) : reject(new Error('no Telegram.Login')));
    script.onerror = () => reject(new Error('script failed'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    document.querySelectorAll(`script[src="${TELEGRAM_WIDGET_SRC}"]`).forEach((element) => element.remove());
    throw error;
  });
  return loading;
}
