import { fieldOf, isOneOf } from '../../../src/shared/guards';
/**
 * The outcome of one message to one recipient, as the mailing job needs it to keep "at most once":
 * `retry` is only for answers that prove the message was NOT delivered (429 Too Many Requests,
 * VK's rate errors, a refused connection), `unknown` for anything that might have been.
 */
export type SendOutcome =
  | { kind: 'sent' }
  | { kind: 'retry'; afterMs: number; error: string }
  | { kind: 'failed'; error: string }
  | { kind: 'unknown'; error: string };

export interface OutgoingMessage {
  /** Telegram chat id or VK user id. */
  address: string;
  text: string;
  /** Bytes of the attached picture and its file name (Telegram sendPhoto). */
  image?: { bytes: Buffer; name: string };
  /** Stable per (mailing, recipient): VK drops a repeated random_id itself. */
  dedupKey: number;
}

export interface MessengerSender {
  /** Messages per second this channel allows overall, and the pause between two to one chat. */
  readonly perSecond: number;
  readonly perChatMs: number;
  send(message: OutgoingMessage): Promise<SendOutcome>;
}

/** True when fetch failed before the request could reach the server (nothing was sent). */
export function refusedBeforeSending(error: unknown): boolean {
  const code = fieldOf(fieldOf(error, 'cause'), 'code');
  return isOneOf(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET_BEFORE'], code);
}
