import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's `resources/` folder, found from this module's place: `server/` when run from
 * source (tsx, tests), `out/server/` when run as the bundle (`npm start`).
 */
const here = dirname(fileURLToPath(import.meta.url));
const RESOURCES = [join(here, '..', 'resources'), join(here, '..', '..', 'resources')].find((dir) => existsSync(dir)) ?? join(here, '..', 'resources');

/** A folder under resources/, with a trailing separator. */
export function resourceDir(...parts: string[]): string {
  return join(RESOURCES, ...parts) + sep;
}
