import { z } from 'zod';
import { decideDemoPolicy, isPublicAddress } from './db/seed/policy';

/**
 * Configuration from the environment. Every variable is documented in the README with its
 * default; a bad value stops the start with one line naming the variable.
 */

const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const databaseUrl = z
  .string()
  .refine((value) => value.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(value), {
    message: 'ожидалось sqlite:<файл> или postgres://…',
  });

const urlString = z.string().url('ожидался адрес вида https://…');

/** WebRTC relays for the video chat: a JSON list like `[{"urls":"turn:turn.school.ru:3478","username":"u","credential":"p"}]`. */
const iceServers = z
  .string()
  .transform((value, ctx) => {
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'ожидался JSON-список серверов' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(
        z.object({
          urls: z.union([z.string(), z.array(z.string()).min(1)]).refine(
            (urls) => (Array.isArray(urls) ? urls : [urls]).every((url) => /^(stun|turns?):[^\s]{1,300}$/.test(url)),
            'адреса вида stun:… или turn:…',
          ),
          username: z.string().max(200).optional(),
          credential: z.string().max(500).optional(),
        }),
      )
      .max(20),
  );

const schema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: urlString.optional(),
  DATABASE_URL: databaseUrl.default('sqlite:./data/enot.db'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'ожидался redis://…').optional(),
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]{1,50}$/, 'только латиница, цифры и : _ -').default('enot:'),
  /** Unset: on only for a laptop's start (SQLite, loopback HOST, no PUBLIC_URL); see db/seed/policy.ts. */
  DEMO_SEED: boolish.optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  TRUST_PROXY: boolish.default(false),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  VK_CLIENT_ID: z.string().default(''),
  VK_ID_URL: urlString.default('https://id.vk.ru'),
  VK_REDIRECT_URI: urlString.optional(),
  TELEGRAM_BOT_NAME: z.string().regex(/^[A-Za-z0-9_]{5,64}$/, 'имя бота без @').optional(),
  TELEGRAM_BOT_TOKEN: z.string().regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'ожидался токен вида 123456:ABC…').optional(),
  TELEGRAM_API_URL: urlString.default('https://api.telegram.org'),
  /** The free bot ('Бесплатный' mailings); unset: those mailings wait in the outbox. */
  TELEGRAM_FREE_BOT_TOKEN: z.string().regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'ожидался токен вида 123456:ABC…').optional(),
  /** A VK community token with messages rights ('Рассылка в ВК'); unset: VK mailings wait in the outbox. */
  VK_GROUP_TOKEN: z.string().min(20, 'ожидался ключ доступа сообщества ВК').max(500).optional(),
  VK_API_URL: urlString.default('https://api.vk.com/method'),
  TBANK_TERMINAL_KEY: z.string().max(100).optional(),
  TBANK_PASSWORD: z.string().max(100).optional(),
  TBANK_API_URL: urlString.default('https://securepay.tinkoff.ru/v2'),
  TBANK_RECEIPT_TAXATION: z.enum(['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent']).optional(),
  /** Unset: on for a local install (no PUBLIC_URL or a localhost one), off for a public address. */
  PAYMENTS_TEST_ACQUIRER: boolish.optional(),
  TBANK_RECEIPT_TAX: z.enum(['none', 'vat0', 'vat5', 'vat7', 'vat10', 'vat20', 'vat105', 'vat107', 'vat110', 'vat120']).default('none'),
  TRANSCRIPTION_URL: urlString.optional(),
  TRANSCRIPTION_API_KEY: z.string().max(500).optional(),
  TRANSCRIPTION_MODEL: z.string().min(1).max(100).default('whisper-1'),
  TRANSCRIPTION_LANGUAGE: z.string().regex(/^[a-z]{2}$/, 'код языка ISO-639-1, например ru').default('ru'),
  WEB_DIST: z.string().min(1).default('out/renderer'),
  VALIDATE_OUTPUT: boolish.default(false),
  BENCH_ROUTES: boolish.default(false),
  STORAGE_DIR: z.string().min(1).default('./data/storage'),
  /** s3://bucket?endpoint=…&region=… : files in an S3-compatible bucket instead of STORAGE_DIR. */
  STORAGE_URL: z.string().regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,62}(\/|\?|$)/, 'адрес вида s3://корзина?endpoint=…&region=…').optional(),
  /** Where `npm run backup` puts its timestamped folders when no folder is named (README «Резервные копии»). */
  BACKUP_DIR: z.string().min(1).default('./data/backups'),
  /** Where an upload waits while it is checked (removed right after); unset: the OS temp folder. */
  UPLOAD_SCRATCH_DIR: z.string().min(1).optional(),
  /** How long an upload may take to deliver its signed `data` part (the first): a client that never sends it is cut with 408. */
  UPLOAD_DATA_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(10_000),
  /** How long a client may take to send a JSON request body (calls, downloads) once its headers came: a trickled body is cut with 408. */
  BODY_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(10_000),
  /** Open connections (sockets included) the server keeps at once; the next one is closed at once. Unset: 10 000, or 80 % of the process's open-files limit if that is lower. */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** How long a client may take to send a request's headers. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
  /** How long a client may take to send a whole request, body included: long enough for the largest video upload. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(86_400_000).default(3_600_000),
  /** An idle keep-alive connection is closed after this; above nginx's upstream keep-alive (60 s), so nginx never reuses a closing one. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(65_000),
  /** /readyz answers 503 when the storage folder's or the SQLite database's disk has less free space than this. */
  DISK_FREE_MIN_MB: z.coerce.number().int().min(0).max(10_000_000).default(1024),
  VIDEO_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(100_000).default(2048),
  /** Unset: the OS's ffmpeg/ffprobe on PATH, else the npm package's (server/providers/video-tools.ts). */
  TESSERACT_PATH: z.string().min(1).optional(),
  OCR_LANGUAGES: z.string().regex(/^[a-z_]{3,12}(\+[a-z_]{3,12}){0,3}$/, 'коды языков tesseract через +, например rus+eng').default('rus'),
  OCR_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  DEMO_MEDIA: boolish.default(true),
  DEMO_MEDIA_CACHE: z.string().min(1).optional(),
  /** OpenAI-compatible chat model for the assistant (base URL, the adapter posts to {LLM_URL}/chat/completions); unset: answers quote the knowledge base. */
  LLM_URL: urlString.optional(),
  LLM_API_KEY: z.string().max(500).optional(),
  LLM_MODEL: z.string().min(1).max(200).default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** Paid model calls (assistant questions and AI checks together) one user may cause per Moscow day. */
  MODEL_CALLS_PER_USER_DAY: z.coerce.number().int().min(1).max(100_000).default(50),
  /** Paid model calls of all users together per Moscow day: the school's ceiling on the model bill. */
  MODEL_CALLS_PER_SCHOOL_DAY: z.coerce.number().int().min(1).max(10_000_000).default(2000),
  /** Unset: none (peers on one machine or a LAN connect directly). */
  ICE_SERVERS: iceServers.default([]),
  PUBLIC_STUN: boolish.optional(),
});

/**
 * Public STUN servers (shell §7.4: "several public relay servers plus the product's own"): they
 * tell each browser its public address, which is all two students behind ordinary home routers
 * need to see each other. The school's own STUN/TURN (ICE_SERVERS) comes after them.
 */
export const PUBLIC_STUN_SERVERS = [
  { urls: ['stun:stun.l.google.com:19302', 'stun:stun1.l.google.com:19302'] },
  { urls: 'stun:stun.cloudflare.com:3478' },
];

export type Config = Omit<z.output<typeof schema>, 'PUBLIC_URL' | 'VK_REDIRECT_URI' | 'PAYMENTS_TEST_ACQUIRER' | 'DEMO_SEED' | 'PUBLIC_STUN'> & {
  PUBLIC_URL: string;
  DEMO_SEED: boolean;
  /** Accounts with the demo password may not sign in (a public address without DEMO_SEED=on). */
  DEMO_PASSWORD_LOCKED: boolean;
  VK_REDIRECT_URI: string;
  PAYMENTS_TEST_ACQUIRER: boolean;
};

export class ConfigError extends Error {}

/** Reads and validates the configuration; throws ConfigError with one readable line. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') relevant[key] = value;
  }
  const parsed = schema.safeParse(relevant);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? '?');
    throw new ConfigError(`Ошибка конфигурации: ${name}=${JSON.stringify(relevant[name] ?? '')}: ${issue.message}`);
  }
  const config = parsed.data;
  // Half a T-Bank setup would silently fall back to the test acquirer: refuse it instead.
  if (Boolean(config.TBANK_TERMINAL_KEY) !== Boolean(config.TBANK_PASSWORD)) {
    const missing = config.TBANK_TERMINAL_KEY ? 'TBANK_PASSWORD' : 'TBANK_TERMINAL_KEY';
    throw new ConfigError(`Ошибка конфигурации: ${missing}="": для T-Bank нужны и TBANK_TERMINAL_KEY, и TBANK_PASSWORD`);
  }
  const publicUrl = (config.PUBLIC_URL ?? `http://${displayHost(config.HOST)}:${config.PORT}`).replace(/\/$/, '');
  const demo = decideDemoPolicy({ demoSeed: config.DEMO_SEED, databaseUrl: config.DATABASE_URL, host: config.HOST, publicUrl: config.PUBLIC_URL });
  return {
    ...config,
    DEMO_SEED: demo.seed,
    DEMO_PASSWORD_LOCKED: demo.lockDemoPassword,
    PUBLIC_URL: publicUrl,
    VK_REDIRECT_URI: config.VK_REDIRECT_URI ?? `${publicUrl}/study/login`,
    // A school on a public address must never take play money by default: without T-Bank its
    // payments say they are not connected, unless the test acquirer is switched on on purpose.
    PAYMENTS_TEST_ACQUIRER: config.PAYMENTS_TEST_ACQUIRER ?? !isPublicAddress(config.PUBLIC_URL),
    // On one machine or a LAN (and in tests, which have no internet) no outside server is asked.
    ICE_SERVERS: [...((config.PUBLIC_STUN ?? isPublicAddress(config.PUBLIC_URL)) ? PUBLIC_STUN_SERVERS : []), ...config.ICE_SERVERS],
  };
}

function displayHost(host: string): string {
  return host === '0.0.0.0' || host === '::' ? 'localhost' : host;
}
