import { randomBytes } from 'node:crypto';
import type { Db } from '../db';
import type { SessionRow } from '../db/schema';

const DAY = 24 * 60 * 60 * 1000;

export interface IssuedSession {
  token: string;
  device: string;
}

/** A new session: a random 256-bit token (the HMAC key) and a device id that names it. */
export async function createSession(
  db: Db,
  userId: number,
  options: { now: number; ttlDays: number; userAgent?: string; ip?: string },
): Promise<IssuedSession> {
  const token = randomBytes(32).toString('hex');
  const device = 'd' + randomBytes(18).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      device,
      token,
      user_id: userId,
      created_at: options.now,
      expires_at: options.now + options.ttlDays * DAY,
      user_agent: (options.userAgent ?? '').slice(0, 300),
      ip: (options.ip ?? '').slice(0, 64),
    })
    .execute();
  return { token, device };
}

/** The live (not revoked, not expired) session of a device, or undefined. */
export async function findActiveSession(db: Db, device: string, now: number): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('device', '=', device)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function revokeSession(db: Db, device: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('device', '=', device).where('revoked_at', 'is', null).execute();
}
