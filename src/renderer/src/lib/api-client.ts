import type { HttpContract, InputOf, OutputOf } from '@shared/contract/core';
import { createTimestampSource, signPayload, webCryptoHmacHex, type HmacHex } from '@shared/signing';
import { ru } from '../i18n/ru';
import { messageForPeople } from './server-message';
import type { StoredSession } from './session';
import { isRecord } from '@shared/guards';

/** Why a call did not give a result. */
export type ApiErrorKind =
  /** The server answered with success other than '1' (its Russian message is in `message`). */
  | 'failure'
  /** '-1': the session is gone; the client already signed out. */
  | 'signedOut'
  /** No usable answer: network down, timeout, not JSON. */
  | 'transport';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** The envelope's `success` code ('0', '22', …) for failures. */
    readonly code?: string,
    /** The whole answer, for callers that need extra fields of a failure. */
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export interface ApiClientOptions {
  /** '' in the browser (same origin); the configured server address on the desktop. */
  baseUrl: () => string;
  session: () => StoredSession | null;
  /** Called once on '-1' after the session is dropped: go to /study/login. */
  onSignedOut: () => void;
  /** Shows 'Ошибка {url} {reason}' when the caller does not handle transport errors itself. */
  notify: (text: string) => void;
  /** Names the client in a header (web or desktop); read on every call. */
  readonly clientName: string;
  fetch?: typeof fetch;
  hmac?: HmacHex;
  now?: () => number;
  timeoutMs?: number;
}

export interface CallOptions {
  /** The caller shows errors itself (an ErrorBox, a form message): no alert. */
  handleErrors?: boolean;
  signal?: AbortSignal;
}

/** Why fetch gave no answer, in Russian: people never read 'Failed to fetch' (the app opened offline would show it on every screen). */
function transportReason(error: unknown, timeout: AbortSignal, signal: AbortSignal | undefined): string {
  if (timeout.aborted) return 'превышено время ожидания';
  // Cancelled by the caller (a screen left): nobody is shown it.
  if (signal?.aborted) return error instanceof Error ? error.message : String(error);
  return ru.common.noConnection;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * Signed JSON calls with the envelope handled in one place: '1' gives the typed output,
 * '-1' signs out, other codes throw ApiError with the server's message.
 */
export function createApiClient(options: ApiClientOptions) {
  const now = options.now ?? Date.now;
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  // Corrected when the server reports our clock is off (answer with serverTime).
  let clockOffset = 0;
  const nextTs = createTimestampSource(() => now() + clockOffset);

  async function post(path: string, payload: Record<string, unknown>, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const url = options.baseUrl() + path;
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 30_000);
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-client': options.clientName },
        body: JSON.stringify(payload),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      throw new ApiError('transport', transportReason(error, timeout, signal));
    }
    try {
      const body: unknown = await response.json();
      if (isRecord(body)) return body;
    } catch {
      // Fall through: not JSON (a proxy error page, say).
    }
    throw new ApiError('transport', `HTTP ${response.status}`);
  }

  async function send<C extends HttpContract>(contract: C, input: InputOf<C>, signal?: AbortSignal, retried = false): Promise<OutputOf<C>> {
    const session = options.session();
    const plain = input as Record<string, unknown>;
    const payload =
      session && contract.access.kind !== 'public' ? await signPayload(contract.path, plain, session, nextTs(), options.hmac ?? webCryptoHmacHex) : plain;
    const body = await post(contract.path, payload, signal);
    const success = String(body.success ?? '');
    if (success === '1') {
      const parsed = contract.output.safeParse(body);
      if (!parsed.success) throw new ApiError('transport', 'некорректный ответ сервера');
      return parsed.data as OutputOf<C>;
    }
    if (success === '-1') {
      options.onSignedOut();
      throw new ApiError('signedOut', String(body.message ?? ''), success, body);
    }
    if (typeof body.serverTime === 'number' && !retried) {
      // Our clock is off by more than the signature window: adopt the server's and try once more.
      clockOffset = body.serverTime - now();
      return send(contract, input, signal, true);
    }
    // The raw message (it may name a field, for API clients) stays in body; people get the reason only.
    throw new ApiError('failure', messageForPeople(String(body.message || 'Не удалось выполнить запрос')), success, body);
  }

  return {
    /** Calls an HTTP contract; see CallOptions for who shows transport errors. */
    async call<C extends HttpContract>(contract: C, input: InputOf<C>, callOptions: CallOptions = {}): Promise<OutputOf<C>> {
      try {
        return await send(contract, input, callOptions.signal);
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'transport' && !callOptions.handleErrors) {
          options.notify(`Ошибка ${contract.path} ${error.message}`);
        }
        throw error;
      }
    },
  };
}
