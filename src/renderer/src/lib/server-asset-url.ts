import { apiBaseUrl } from './api';

/**
 * Address of a picture the server serves (lesson images, video previews, question images). The
 * server gives a server-relative path; the desktop app's pages come from app://, so the configured
 * server origin goes in front, as lib/api.ts does for calls. Absolute URLs stay as they are.
 */
export function serverAssetUrl(address: string): string {
  if (address === '' || /^https?:\/\//i.test(address)) return address;
  return apiBaseUrl() + (address.startsWith('/') ? address : `/${address}`);
}
