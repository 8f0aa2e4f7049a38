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

/** A failure to show the user as is. */
export class VkIdError extends Error {}

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

/** VK sends birthdays as DD.MM.YYYY (year may be hidden). */
function isoBirthDate(value: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value.trim());
  if (!match) return null;
  return `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
}

export function createVkIdProvider(options: { baseUrl: string; clientId: string; redirectUri: string; timeoutMs?: number }): VkIdProvider {
  const base = options.baseUrl.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function post(path: string, form: Record<string, string | undefined>): Promise<unknown> {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) if (value !== undefined && value !== '') body.set(key, value);
    let response: Response;
    try {
      response = await fetch(base + path, { method: 'POST', body, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new VkIdError('VK ID не отвечает. Попробуйте войти ещё раз чуть позже.');
    }
    const json: unknown = await response.json().catch(() => null);
    const error = errorResponse.safeParse(json);
    if (error.success) {
      throw new VkIdError(`VK ID отклонил вход: ${error.data.error_description ?? error.data.error}`);
    }
    if (!response.ok || json === null) throw new VkIdError(`VK ID ответил ошибкой ${response.status}.`);
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
      });
      const parsed = tokenResponse.safeParse(json);
      if (!parsed.success) throw new VkIdError('VK ID вернул неожиданный ответ при обмене кода.');
      return { accessToken: parsed.data.access_token, userId: parsed.data.user_id };
    },
    async fetchProfile(accessToken) {
      const json = await post('/oauth2/user_info', { client_id: options.clientId, access_token: accessToken });
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
