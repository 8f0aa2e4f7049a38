import { isLoopbackHost } from './db/seed/policy';

/**
 * The start-up warning for a PUBLIC_URL that browsers reach over plain http from another machine.
 * The app signs every request with WebCrypto, which browsers give only to https pages (and to
 * localhost): on such an address students get the «нужен адрес https» page instead of the app.
 * Undefined when the address is https, or this machine's own (a laptop's start, tests).
 */
export function plainHttpWarning(publicUrl: string): string | undefined {
  const url = new URL(publicUrl);
  if (url.protocol !== 'http:' || isLoopbackHost(url.hostname)) return undefined;
  return (
    `PUBLIC_URL=${publicUrl}: адрес без https. Браузеры на других устройствах покажут по нему только страницу «нужен адрес https» ` +
    '(подпись запросов работает лишь на защищённых страницах). Настройте TLS (README, «HTTPS») и укажите PUBLIC_URL=https://…'
  );
}
