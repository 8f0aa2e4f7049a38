import type { Page } from 'playwright-core';

export interface BrowserDraft {
  key: string;
  value: unknown;
}

/**
 * Every draft in the page's offline store (the browser build's IndexedDB 'enot-offline'), read as
 * the app would. Never creates the database: if the app has not opened it yet, there is none.
 */
export function browserDrafts(page: Page): Promise<BrowserDraft[]> {
  return page.evaluate(
    () =>
      new Promise<BrowserDraft[]>((resolve, reject) => {
        const open = indexedDB.open('enot-offline');
        // No database yet: abort instead of creating an empty one the app would then not upgrade.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('drafts', 'readonly').objectStore('drafts').getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as BrowserDraft[]);
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

/** The drafts' stored text, for "contains what was typed" checks. */
export async function browserDraftsText(page: Page): Promise<string> {
  return JSON.stringify(await browserDrafts(page));
}
