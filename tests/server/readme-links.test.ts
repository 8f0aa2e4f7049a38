import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A clone of the repository reads on its own: README and the design notes under docs/
 * name no file outside the repository — no link or path up out of it (`../shared/…`), none on a
 * developer's machine (`/work/…`, `/home/…`, `file://`) — and every relative link names a file here.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.md')).map((name) => join('docs', name))];

/** Paths that leave the repository: a backticked path or a command that starts by going up, or a machine's own folders. */
const OUTSIDE = [
  /`(?:[a-z]+ )?\.\.\/[\w.-]/, // `../shared/spec/`, `node ../shared/tools/x.mjs`
  /\]\(\s*(?:\.\.\/|\/|~|file:)/, // [text](../x), [text](/abs), [text](file:…)
  /(?:^|[\s`('"])(?:\/work\/|\/home\/|\/Users\/|\/root\/|~\/|file:\/\/|[A-Z]:\\)/,
];

function outsideMentions(text: string): string[] {
  return text.split('\n').flatMap((line, index) => (OUTSIDE.some((pattern) => pattern.test(line)) ? [`${index + 1}: ${line.trim()}`] : []));
}

describe('README and docs/ stand alone', () => {
  it('the checker catches what the README used to say', () => {
    expect(outsideMentions('описано в `../shared/ARCHITECTURE.md`, поведение — в `../shared/spec/`.')).toHaveLength(1);
    expect(outsideMentions('`node ../shared/tools/health.mjs --list` показывает')).toHaveLength(1);
    expect(outsideMentions('см. [спецификацию](../shared/spec/) и /work/shared/spec')).toHaveLength(1);
    // Paths inside the repository or of the running server, and the text about refused `../` paths, are fine.
    expect(outsideMentions('[docs/spec/](docs/spec/), `/study/login`, путями вида `../` отклоняется, `STORAGE_DIR/../x`')).toEqual([]);
  });

  it.each(DOCS)('%s names nothing outside the repository', (doc) => {
    expect(outsideMentions(readFileSync(join(ROOT, doc), 'utf8'))).toEqual([]);
  });

  it.each(DOCS)('%s links only to files that exist in the repository', (doc) => {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '').filter((target) => !/^(?:https?:|mailto:|#)/.test(target));
    const broken = targets.filter((target) => {
      const path = resolve(ROOT, doc, '..', target.split('#')[0] ?? '');
      return relative(ROOT, path).startsWith('..') || !existsSync(path);
    });
    expect(broken).toEqual([]);
  });
});
