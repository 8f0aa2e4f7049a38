import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The spec's catalogue as shipped next to the repository, and our pinned copy of it. */
export const SHARED_CATALOGUE = `${ROOT}../shared/spec/endpoints.tsv`;
export const PINNED_CATALOGUE = `${ROOT}resources/spec/endpoints.tsv`;

export interface CatalogueRow {
  kind: string;
  path: string;
  domain: string;
  doc: string;
  section: string;
}

/** Kinds that need a contract; assets are static files served by their domains. */
export const CALL_KINDS = ['http', 'live', 'push', 'upload', 'download', 'socket', 'stream'] as const;

export function readCatalogue(file = existsSync(SHARED_CATALOGUE) ? SHARED_CATALOGUE : PINNED_CATALOGUE): CatalogueRow[] {
  const [, ...lines] = readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '');
  return lines.map((line) => {
    const [kind = '', path = '', domain = '', doc = '', section = ''] = line.split('\t');
    return { kind, path, domain, doc, section };
  });
}
