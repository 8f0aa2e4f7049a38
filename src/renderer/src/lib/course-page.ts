import { useEffect, useState } from 'react';
import { api } from './api';

let cached: Promise<string> | null = null;

/** The school's course page address ('' while unset or unreachable), asked once per page load. */
function loadCoursePageUrl(): Promise<string> {
  // The contract (and zod with it) loads here rather than with the sign-in page's own code.
  cached ??= import('@shared/contract/documents')
    .then(({ getSiteLinks }) => api.call(getSiteLinks, {}, { handleErrors: true }))
    .then(
      ({ coursePageUrl }) => coursePageUrl,
      () => {
        cached = null;
        return '';
      },
    );
  return cached;
}

/**
 * The «Страница курса» link target with the spec's campaign marker (shell §2.1), or null while
 * the school has not set the address: the links are hidden then rather than leading nowhere.
 * A plain effect rather than TanStack Query: the sign-in page is the first download and stays small.
 */
export function useCoursePageLink(medium: string): string | null {
  const [url, setUrl] = useState('');
  useEffect(() => {
    let alive = true;
    void loadCoursePageUrl().then((value) => alive && setUrl(value));
    return () => {
      alive = false;
    };
  }, []);
  if (!url) return null;
  return `${url}${url.includes('?') ? '&' : '?'}utm_source=platform&utm_medium=${encodeURIComponent(medium)}`;
}
