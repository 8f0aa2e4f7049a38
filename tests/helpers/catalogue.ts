import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The spec's catalogue of calls, kept in the repository with the spec (docs/spec/). */
export const CATALOGUE = `${ROOT}docs/spec/endpoints.tsv`;

export interface CatalogueRow {
  kind: string;
  path: string;
  domain: string;
  doc: string;
  section: string;
}

/** Kinds that need a contract; assets are static files served by their domains. */
export const CALL_KINDS = ['http', 'live', 'push', 'upload', 'download', 'socket', 'stream'] as const;

export function readCatalogue(file = CATALOGUE): CatalogueRow[] {
  const [, ...lines] = readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '');
  return lines.map((line) => {
    const [kind = '', path = '', domain = '', doc = '', section = ''] = line.split('\t');
    return { kind, path, domain, doc, section };
  });
}
