/**
 * Keeps one process within a channel's limits: at most `perSecond` messages overall, at least
 * `perChatMs` between two to the same chat, and a full stop until a 429's retry_after has passed.
 * One pacer per bot token, shared by every mailing this process sends.
 */
export class Pacer {
  private nextSlot = 0;
  private pausedUntil = 0;
  private readonly lastByChat = new Map<string, number>();

  constructor(
    private readonly perSecond: number,
    private readonly perChatMs: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** Waits until a message to `chat` may leave, and books that moment. */
  async wait(chat: string): Promise<void> {
    for (;;) {
      const now = this.now();
      const at = Math.max(this.nextSlot, this.pausedUntil, (this.lastByChat.get(chat) ?? -Infinity) + this.perChatMs);
      if (at <= now) break;
      await this.sleep(at - now);
    }
    const now = this.now();
    this.nextSlot = now + Math.ceil(1000 / this.perSecond);
    this.lastByChat.set(chat, now);
    if (this.lastByChat.size > 10_000) this.lastByChat.clear();
  }

  /** Stops every send of this channel for `ms` (Telegram's retry_after applies to the bot). */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
  }
}

const pacers = new Map<string, Pacer>();

export function pacerFor(key: string, perSecond: number, perChatMs: number): Pacer {
  let pacer = pacers.get(key);
  if (!pacer) pacers.set(key, (pacer = new Pacer(perSecond, perChatMs)));
  return pacer;
}
