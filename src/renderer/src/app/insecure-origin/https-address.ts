/**
 * The same page on https: the scheme swapped and the port dropped, since a school's https answers
 * on the default port (an http port such as :3000 is the bare server's, which has no TLS).
 */
export function httpsAddress(href: string): string {
  const url = new URL(href);
  url.protocol = 'https:';
  url.port = '';
  return url.toString();
}
