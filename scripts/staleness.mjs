// When a build is out of date: shared by scripts/build-server.mjs and scripts/build-web.mjs, so
// `npm start` rebuilds the server and the web app by one rule (an output missing, or a file it was
// built from newer than the oldest output).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `path` (itself when a file); a missing path yields nothing. */
function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => filesUnder(join(path, entry.name)));
}

/**
 * Why the build in `outputs` must be made again, or null when it is up to date.
 * `inputs` are paths relative to `root`, files or folders (read whole). A listed file that does
 * not exist counts as a change when `missingInputIsChange` (the server's recorded inputs: a moved
 * source means the bundle's inputs changed); folders and optional files may be absent otherwise.
 */
export function staleReason({ root, outputs, inputs, missingInputIsChange = false }) {
  const missing = outputs.find((file) => !existsSync(join(root, file)));
  if (missing) return `нет ${missing}`;
  const built = Math.min(...outputs.map((file) => statSync(join(root, file)).mtimeMs));
  for (const input of inputs) {
    const path = join(root, input);
    if (!existsSync(path)) {
      if (missingInputIsChange) return `нет ${input}`;
      continue;
    }
    const newer = filesUnder(path).find((file) => statSync(file).mtimeMs > built);
    if (newer) return `${newer.slice(root.length).replace(/^[\\/]/, '')} новее сборки`;
  }
  return null;
}
