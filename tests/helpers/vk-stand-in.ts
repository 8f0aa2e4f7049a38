import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of VK ID's OAuth endpoints (`POST /oauth2/auth`, `POST /oauth2/user_info`),
 * so sign-in tests run the server's real VK ID client against it. Tests register users, issue
 * authorization codes bound to a PKCE challenge, and read back what the server sent.
 */

export interface VkStandInUser {
  userId: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  avatar?: string;
  email?: string;
  sex?: number;
  verified?: boolean;
  /** 'DD.MM.YYYY' as VK sends it ('DD.MM' when the year is hidden). */
  birthday?: string;
}

export interface IssueCodeOptions {
  userId: string;
  /** base64url(sha256(code_verifier)); the exchange must send the matching verifier. */
  codeChallenge: string;
  /** When set, the exchange must send this device_id. */
  deviceId?: string;
  /** When set, the exchange must send this redirect_uri. */
  redirectUri?: string;
}

export interface VkStandInRequest {
  path: string;
  form: Record<string, string>;
}

/** A canned answer for the next requests to a path (5xx, garbage, a wrong shape…). */
export interface CannedAnswer {
  status: number;
  /** An object is sent as JSON; a string is sent as is (text/html). */
  body: unknown;
}

interface IssuedCode extends IssueCodeOptions {
  clientId: string;
}

interface IssuedToken {
  userId: string;
  clientId: string;
  expiresAt: number;
}

const TOKEN_TTL_SECONDS = 3600;

/** base64url(sha256(verifier)): the S256 PKCE challenge. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** A fresh PKCE verifier (43–128 chars of [A-Za-z0-9_-]) and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

export class VkStandIn {
  /** Every request received, in order (form fields as sent). */
  readonly requests: VkStandInRequest[] = [];
  private readonly users = new Map<string, VkStandInUser>();
  private readonly codes = new Map<string, IssuedCode>();
  private readonly tokens = new Map<string, IssuedToken>();
  private readonly canned = new Map<string, CannedAnswer>();

  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    readonly url: string,
    /** The client_id the stand-in accepts (codes are issued for it). */
    readonly clientId: string,
  ) {}

  static async start(options: { clientId?: string } = {}): Promise<VkStandIn> {
    // The handler needs the stand-in, which needs the port the server gets once listening.
    const created: { standIn?: VkStandIn } = {};
    const server = createServer((request, response) => {
      void created.standIn!.handle(request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    created.standIn = new VkStandIn(server, `http://127.0.0.1:${port}`, options.clientId ?? '54321');
    return created.standIn;
  }

  addUser(user: VkStandInUser): VkStandInUser {
    this.users.set(user.userId, user);
    return user;
  }

  /** An authorization code for a registered user, as VK ID would redirect back with; single use. */
  issueCode(options: IssueCodeOptions): string {
    if (!this.users.has(options.userId)) throw new Error(`VK stand-in: no user ${options.userId}`);
    const code = 'vk2.a.' + randomBytes(24).toString('base64url');
    this.codes.set(code, { ...options, clientId: this.clientId });
    return code;
  }

  /** An access token straight away (for tests of the token → session step). */
  issueToken(userId: string, options: { clientId?: string; ttlSeconds?: number } = {}): string {
    if (!this.users.has(userId)) throw new Error(`VK stand-in: no user ${userId}`);
    const token = 'vk1.a.' + randomBytes(32).toString('base64url');
    this.tokens.set(token, {
      userId,
      clientId: options.clientId ?? this.clientId,
      expiresAt: Date.now() + (options.ttlSeconds ?? TOKEN_TTL_SECONDS) * 1000,
    });
    return token;
  }

  /** Answers every later request to `path` with this, until cleared with `null`. */
  answer(path: '/oauth2/auth' | '/oauth2/user_info', canned: CannedAnswer | null): void {
    if (canned) this.canned.set(path, canned);
    else this.canned.delete(path);
  }

  requestsTo(path: string): VkStandInRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const contentType = request.headers['content-type'] ?? '';
    const form = contentType.startsWith('application/x-www-form-urlencoded')
      ? Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
      : {};
    this.requests.push({ path, form });

    const canned = this.canned.get(path);
    if (canned) return send(response, canned.status, canned.body);
    if (request.method !== 'POST') return send(response, 405, { error: 'invalid_request', error_description: 'POST only' });
    if (path === '/oauth2/auth') return this.exchange(form, response);
    if (path === '/oauth2/user_info') return this.userInfo(form, response);
    return send(response, 404, { error: 'not_found', error_description: 'unknown endpoint' });
  }

  private exchange(form: Record<string, string>, response: ServerResponse): void {
    const refuse = (error: string, description: string) => send(response, 400, { error, error_description: description });
    if (form.grant_type !== 'authorization_code') return refuse('unsupported_grant_type', 'grant_type must be authorization_code');
    if (form.client_id !== this.clientId) return refuse('invalid_client', 'client_id is invalid');
    const issued = form.code ? this.codes.get(form.code) : undefined;
    if (!issued) return refuse('invalid_grant', 'code is invalid or expired');
    if (!form.code_verifier || pkceChallenge(form.code_verifier) !== issued.codeChallenge) {
      return refuse('invalid_grant', 'code_verifier is invalid');
    }
    if (issued.deviceId !== undefined && form.device_id !== issued.deviceId) return refuse('invalid_request', 'device_id is invalid');
    if (issued.redirectUri !== undefined && form.redirect_uri !== issued.redirectUri) {
      return refuse('invalid_request', 'redirect_uri is invalid');
    }
    // Codes are single use, as on the real service.
    this.codes.delete(form.code!);
    const accessToken = this.issueToken(issued.userId);
    const refreshToken = 'vk1.r.' + randomBytes(32).toString('base64url');
    const idToken = [
      Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url'),
      Buffer.from(JSON.stringify({ sub: Number(issued.userId), aud: this.clientId, iss: 'VK' })).toString('base64url'),
      randomBytes(32).toString('base64url'),
    ].join('.');
    send(response, 200, {
      access_token: accessToken,
      refresh_token: refreshToken,
      id_token: idToken,
      token_type: 'Bearer',
      expires_in: TOKEN_TTL_SECONDS,
      // The real service sends the user id as a number.
      user_id: Number(issued.userId),
      state: form.state ?? '',
      scope: 'vkid.personal_info email phone',
    });
  }

  private userInfo(form: Record<string, string>, response: ServerResponse): void {
    const refuse = (description: string) => send(response, 401, { error: 'invalid_token', error_description: description });
    const token = form.access_token ? this.tokens.get(form.access_token) : undefined;
    if (!token || token.expiresAt <= Date.now()) return refuse('access_token is missing or invalid');
    if (form.client_id !== token.clientId) return refuse('access_token was issued to another client');
    const user = this.users.get(token.userId)!;
    send(response, 200, {
      user: {
        user_id: user.userId,
        first_name: user.firstName ?? '',
        last_name: user.lastName ?? '',
        phone: user.phone ?? '',
        avatar: user.avatar ?? '',
        email: user.email ?? '',
        sex: user.sex ?? 0,
        verified: user.verified ?? false,
        birthday: user.birthday ?? '',
      },
    });
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
  });
  response.end(text);
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export function startVkStandIn(options: { clientId?: string } = {}): Promise<VkStandIn> {
  return VkStandIn.start(options);
}

/** An address nothing listens on (a port taken and released at once): for "VK unreachable" tests. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
