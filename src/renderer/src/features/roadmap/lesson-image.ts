import { apiBaseUrl } from '../../lib/api';

/**
 * Address of a lesson picture. The server gives a server-relative path; the desktop app's pages
 * come from app://, so the configured server origin is put in front, as lib/api.ts does for calls.
 */
export function lessonImageUrl(address: string): string {
  if (address === '' || /^https?:\/\//i.test(address)) return address;
  return apiBaseUrl() + (address.startsWith('/') ? address : `/${address}`);
}
