import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The spec's quoted UI texts (issue #30): every Russian string the three spec documents put in
 * quotes is in the renderer, the shared code or the server, verbatim. A template such as
 * 'Ошибка : {reason}' or 'Вопрос №N' is checked by its literal pieces. The few left out are
 * listed below with the reason, as README «Тексты спецификации» says.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = ['shell-account-chats.md', 'learning-area.md', 'back-office.md'];
/** The spec lives in the repository (docs/spec/, README). */
const specFile = (doc: string) => join(ROOT, 'docs/spec', doc);

/** Texts the code does not hold verbatim, and why (README «Тексты спецификации»). */
const EXPLAINED: Record<string, string> = {
  'Вы не заполнили поле "Регион"': 'built from the template `Вы не заполнили поле "${name}"` with the field name «Регион» (shell/handlers.ts, i18n requiredFields.empty)',
};

/** Placeholders of the spec's templates: {reason}, ..., …, a lone N/X/Y, a parenthesised hint. */
const PLACEHOLDER = /\{[^}]*\}|\.\.\.|…|(?<![А-Яа-яЁёA-Za-z])[NXY](?![А-Яа-яЁёA-Za-z])|\([^)]*\)/u;

function quotedTexts(): Map<string, string> {
  const texts = new Map<string, string>();
  for (const doc of DOCS) {
    for (const match of readFileSync(specFile(doc), 'utf8').matchAll(/'([^'\n]*[А-Яа-яЁё][^'\n]*)'/g)) {
      if (!texts.has(match[1]!)) texts.set(match[1]!, doc);
    }
  }
  return texts;
}

function sourceCorpus(): string {
  const parts: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === 'node_modules' || /\.test\.tsx?$/.test(name)) continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) parts.push(readFileSync(path, 'utf8'));
    }
  };
  for (const dir of ['src/renderer/src', 'src/shared', 'server']) walk(join(ROOT, dir));
  return parts.join('\n');
}

describe('spec texts', () => {
  it('every quoted Russian text of the spec is in the code verbatim, or explained', () => {
    const texts = quotedTexts();
    const corpus = sourceCorpus();
    expect(texts.size).toBeGreaterThan(250);
    const pieces = (text: string) => text.split(PLACEHOLDER).map((piece) => piece.trim()).filter((piece) => /[А-Яа-яЁё]/.test(piece));
    const missing = [...texts].filter(([text]) => !pieces(text).every((piece) => corpus.includes(piece))).map(([text, doc]) => `${doc}: ${text}`);
    expect(missing.filter((line) => !Object.keys(EXPLAINED).some((text) => line.endsWith(`: ${text}`)))).toEqual([]);
    // An explanation of a text the code now has is stale: drop it.
    expect(Object.keys(EXPLAINED).filter((text) => !missing.some((line) => line.endsWith(`: ${text}`)))).toEqual([]);
  });
});
