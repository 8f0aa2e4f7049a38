import { apiBaseUrl } from '../../lib/api';

/** The stored preview address: an absolute URL as is, a server path against the API origin. */
export function previewUrl(path: string): string | null {
  if (path === '') return null;
  if (/^https?:\/\//.test(path)) return path;
  return apiBaseUrl() + (path.startsWith('/') ? path : `/${path}`);
}
