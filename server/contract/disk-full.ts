import type { Logger } from '../log';

/**
 * A full disk or a spent quota, whoever hit it: the OS (ENOSPC, EDQUOT from the storage folder,
 * the upload scratch, ffmpeg's output), SQLite (SQLITE_FULL) or PostgreSQL (SQLSTATE 53100
 * disk_full). Causes are followed, since a library may wrap the system error.
 */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

export function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth += 1) {
    if ('code' in current && typeof current.code === 'string' && DISK_FULL_CODES.has(current.code)) return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/** The one log line of a call or upload that failed for lack of disk space: an error, for the operator. */
export function logDiskFull(log: Logger, where: string, error: unknown): void {
  log.error(`${where}: на диске закончилось место`, error);
}
