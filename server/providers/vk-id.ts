import { z } from 'zod';

/**
 * VK ID (OAuth 2.1 with PKCE). The base address is configurable so tests run a local stand-in
 * of VK's token and user-info endpoints; the real service is the default.
 */
export interface VkProfile {
  vkUserId: string;
  firstName: string;
  lastName: string;
  avatar: string;
  email: string;
  phone: string;
  /** 'YYYY-MM-DD' or null. */
  birthDate: string | null;
}

export interface VkIdProvider {
  readonly configured: boolean;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly authorizeUrl: string;
  readonly scope: string;
  exchangeCode(input: { code: string; codeVerifier?: string; deviceId?: string; state?: string }): Promise<{ accessToken: string; userId: string }>;
  fetchProfile(accessToken: string): Promise<VkProfile>;
}

/**
 * A failure to show the user as is. `refused` is true only when VK ID turned down what the caller
 * brought (a bad code, verifier or token): such answers count against the caller's sign-in
 * attempts. An outage or a misconfigured server is nobody's guess and must not lock users out.
 */
export class VkIdError extends Error {
  constructor(
    message: string,
    readonly refused = false,
  ) {
    super(message);
  }
}

/** OAuth error codes that mean VK ID itself is in trouble, not the caller. */
const OUTAGE_ERRORS = new Set(['server_error', 'temporarily_unavailable']);
/** OAuth error codes that mean this server's VK app settings are wrong (client_id, redirect_uri). */
const SETUP_ERRORS = new Set(['invalid_client', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope']);

const UNAVAILABLE = 'VK ID не отвечает. Попробуйте войти ещё раз чуть позже.';
const MISCONFIGURED = 'VK ID не принял настройки входа этого сервера. Войдите по логину и паролю и сообщите в поддержку школы.';

const tokenResponse = z.object({
  access_token: z.string().min(1),
  user_id: z.union([z.number(), z.string()]).transform(String),
});

const errorResponse = z.object({ error: z.string(), error_description: z.string().optional() });

const userInfoResponse = z.object({
  user: z.object({
    user_id: z.union([z.number(), z.string()]).transform(String),
    first_name: z.string().default(''),
    last_name: z.string().default(''),
    avatar: z.string().default(''),
    email: z.string().default(''),
    phone: z.string().default(''),
    birthday: z.string().default(''),
  }),
});

/** VK sends birthdays as DD.MM.YYYY (year may be hidden); anything else, or no such day, is null. */
function isoBirthDate(value: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function createVkIdProvider(options: { baseUrl: string; clientId: string; redirectUri: string; timeoutMs?: number }): VkIdProvider {
  const base = options.baseUrl.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;

  /**
   * POSTs a form and returns the JSON answer. VK's own error texts are English and technical,
   * so a refusal is shown as `refusal` (Russian), never as VK's description.
   */
  async function post(path: string, form: Record<string, string | undefined>, refusal: string): Promise<unknown> {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) if (value !== undefined && value !== '') body.set(key, value);
    let response: Response;
    let json: unknown;
    try {
      response = await fetch(base + path, { method: 'POST', body, signal: AbortSignal.timeout(timeoutMs) });
      json = await response.json().catch((error: unknown) => {
        // A timeout while reading the body is an outage, not a malformed answer.
        if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw error;
        return null;
      });
    } catch {
      throw new VkIdError(UNAVAILABLE);
    }
    const error = errorResponse.safeParse(json);
    if (error.success) {
      if (OUTAGE_ERRORS.has(error.data.error) || response.status >= 500) throw new VkIdError(UNAVAILABLE);
      if (SETUP_ERRORS.has(error.data.error)) throw new VkIdError(MISCONFIGURED);
      throw new VkIdError(refusal, true);
    }
    if (!response.ok || json === null) throw new VkIdError(`VK ID ответил ошибкой ${response.status}. Попробуйте войти ещё раз чуть позже.`);
    return json;
  }

  return {
    configured: options.clientId !== '',
    clientId: options.clientId,
    redirectUri: options.redirectUri,
    authorizeUrl: `${base}/authorize`,
    scope: 'vkid.personal_info email phone',
    async exchangeCode({ code, codeVerifier, deviceId, state }) {
      const json = await post('/oauth2/auth', {
        grant_type: 'authorization_code',
        code,
        code_verifier: codeVerifier,
        client_id: options.clientId,
        device_id: deviceId,
        redirect_uri: options.redirectUri,
        state,
      }, 'Код входа VK ID недействителен или устарел. Войдите через VK ещё раз.');
      const parsed = tokenResponse.safeParse(json);
      if (!parsed.success) throw new VkIdError('VK ID вернул неожиданный ответ при обмене кода.');
      return { accessToken: parsed.data.access_token, userId: parsed.data.user_id };
    },
    async fetchProfile(accessToken) {
      const json = await post(
        '/oauth2/user_info',
        { client_id: options.clientId, access_token: accessToken },
        'Вход через VK ID устарел или недействителен. Войдите через VK ещё раз.',
      );
      const parsed = userInfoResponse.safeParse(json);
      if (!parsed.success) throw new VkIdError('VK ID вернул неожиданный ответ с данными профиля.');
      const user = parsed.data.user;
      return {
        vkUserId: user.user_id,
        firstName: user.first_name,
        lastName: user.last_name,
        avatar: user.avatar,
        email: user.email,
        phone: user.phone,
        birthDate: isoBirthDate(user.birthday),
      };
    },
  };
}
