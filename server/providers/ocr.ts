import { execFile, spawn } from 'node:child_process';
import type { Config } from '../config';
import type { Logger } from '../log';
import { preparePage } from './ocr-prepare';
import { findOnPath } from './video-tools';
import { errorMessage, fieldOf } from '../../src/shared/guards';

/**
 * OCR of page images (textbook pages, part 2 explanation images): tesseract with Russian from the
 * OS (Debian `tesseract-ocr` + `tesseract-ocr-rus`), or TESSERACT_PATH. There is no network
 * fallback: without tesseract the callers say so in one clear line, never a fake transcription.
 */

export interface OcrStatus {
  /** Why pages cannot be recognised, in Russian for the back office and the log; null when they can. */
  problem: string | null;
  /** `tesseract 5.3.0` when it runs. */
  version: string | null;
}

/** Recognition is impossible on this server (no tesseract, no language data): permanent, not worth a retry. */
export class OcrUnavailable extends Error {}

export interface OcrProvider {
  /** Checked once, on first need; later calls share the answer (one warning in the log). */
  status(): Promise<OcrStatus>;
  /** Plain text of one image (PNG, JPEG, TIFF, BMP, GIF, WebP); throws OcrUnavailable or Error. */
  recognize(image: Uint8Array): Promise<string>;
  /** One line for the start log. */
  describe(): string;
}

const REFUSAL = 'Распознавание текста недоступно';

export interface OcrOptions {
  /** tesseract's path; null when it is neither configured nor on PATH. */
  binary: string | null;
  /** Tesseract language codes joined by '+', e.g. 'rus' or 'rus+eng'. */
  languages: string;
  timeoutMs: number;
  log: Logger;
}

function run(command: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: 20_000, maxBuffer: 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(Object.assign(error, { stderr })) : resolve({ stdout, stderr }),
    );
  });
}

async function inspect(binary: string | null, languages: string): Promise<OcrStatus> {
  if (!binary) {
    return {
      problem: `${REFUSAL}: tesseract не найден. Установите tesseract-ocr и tesseract-ocr-rus (apt install tesseract-ocr tesseract-ocr-rus) или укажите путь в TESSERACT_PATH и перезапустите сервер.`,
      version: null,
    };
  }
  let version: string;
  let listed: string;
  try {
    const ran = await run(binary, ['--version']);
    // Tesseract 4 printed its version to stderr, 5 prints it to stdout.
    version = (ran.stdout || ran.stderr).split('\n')[0]!.trim();
    const langs = await run(binary, ['--list-langs']);
    listed = langs.stdout + langs.stderr;
  } catch (error) {
    const code = fieldOf(error, 'code');
    const why = code === 'ENOENT' ? 'файл не найден' : code === 'EACCES' ? 'нет прав на запуск' : errorMessage(error).slice(0, 200);
    return { problem: `${REFUSAL}: tesseract (${binary}) не запускается: ${why}. Проверьте TESSERACT_PATH или установку tesseract-ocr.`, version: null };
  }
  const available = new Set(listed.split('\n').map((line) => line.trim()));
  const missing = languages.split('+').filter((language) => !available.has(language));
  if (missing.length > 0) {
    return {
      problem: `${REFUSAL}: у tesseract нет языковых данных ${missing.join(', ')}. Установите пакет tesseract-ocr-${missing[0]} (или задайте OCR_LANGUAGES) и перезапустите сервер.`,
      version,
    };
  }
  return { problem: null, version };
}

/** The page's whole budget is named, not what was left of it for the piece that ran out. */
const tooSlow = (budgetMs: number) => new Error(`распознавание страницы не уложилось в ${Math.round(budgetMs / 1000)} с`);

/**
 * One recognition: the image goes in on stdin, the text comes out on stdout. One thread per run
 * (OMP_THREAD_LIMIT) so a bulk digitisation never takes both cores from the people using the site.
 */
function recognizeOnce(binary: string, languages: string, image: Uint8Array, limit: { waitMs: number; budgetMs: number }, psm = 3): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['stdin', 'stdout', '-l', languages, '--psm', String(psm)], {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let errors = '';
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
    };
    // Settled at once on timeout: 'close' could wait for whatever still holds the pipes.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      child.stdout.destroy();
      child.stderr.destroy();
      settle(() => reject(tooSlow(limit.budgetMs)));
    }, limit.waitMs);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (errors.length < 4000) errors += chunk.toString('utf8');
    });
    // A broken pipe when tesseract refuses the image early is reported by 'close' below.
    child.stdin.on('error', () => {});
    child.on('error', (error) => settle(() => reject(error)));
    child.on('close', (code) =>
      settle(() =>
        code === 0
          ? resolve(Buffer.concat(out).toString('utf8'))
          : reject(new Error(`tesseract завершился с кодом ${code}: ${lastLine(errors) || 'без объяснения'}`)),
      ),
    );
    child.stdin.end(image);
  });
}

/**
 * A page: straightened and denoised, then read piece by piece in reading order (ocr-prepare.ts),
 * all within one time budget. An image sharp cannot decode (BMP, say) goes to tesseract as it is.
 */
async function recognizePage(binary: string, languages: string, image: Uint8Array, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const prepared = await preparePage(image).catch(() => null);
  if (!prepared) return recognizeOnce(binary, languages, image, { waitMs: timeoutMs, budgetMs: timeoutMs });
  const texts: string[] = [];
  for (const piece of prepared.pieces) {
    const left = deadline - Date.now();
    if (left <= 0) throw tooSlow(timeoutMs);
    texts.push((await recognizeOnce(binary, languages, piece.png, { waitMs: left, budgetMs: timeoutMs }, piece.psm)).trim());
  }
  return texts.filter(Boolean).join('\n\n') + '\n';
}

const lastLine = (text: string) => text.trim().split('\n').filter(Boolean).pop()?.slice(0, 200) ?? '';

export function createOcrProvider(options: OcrOptions): OcrProvider {
  let checked: Promise<OcrStatus> | undefined;
  // Runs one at a time: each holds a core for seconds, and the jobs that call it are queued anyway.
  let queue: Promise<unknown> = Promise.resolve();
  const status = () =>
    (checked ??= inspect(options.binary, options.languages).then((found) => {
      if (found.problem) options.log.warn(found.problem);
      return found;
    }));
  return {
    status,
    async recognize(image) {
      const { problem } = await status();
      if (problem || !options.binary) throw new OcrUnavailable(problem ?? REFUSAL);
      const binary = options.binary;
      const next = queue.then(() => recognizePage(binary, options.languages, image, options.timeoutMs));
      queue = next.catch(() => undefined);
      return next;
    },
    describe() {
      return options.binary ? `Распознавание текста: tesseract ${options.binary} (${options.languages})` : 'Распознавание текста: tesseract не найден';
    },
  };
}

/** The provider for this process: TESSERACT_PATH first, then PATH. */
export function createOcrFromConfig(
  config: Pick<Config, 'TESSERACT_PATH' | 'OCR_LANGUAGES' | 'OCR_TIMEOUT_MS'>,
  log: Logger,
  pathEnv = process.env.PATH,
): OcrProvider {
  return createOcrProvider({
    binary: config.TESSERACT_PATH ?? findOnPath('tesseract', pathEnv),
    languages: config.OCR_LANGUAGES,
    timeoutMs: config.OCR_TIMEOUT_MS,
    log,
  });
}
