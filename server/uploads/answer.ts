import type { Context } from 'hono';
import { MESSAGES } from '../contract/errors';
import { isOutage } from '../contract/unavailable';
import type { AppEnv } from '../contract/http-router';
import type { Services } from '../services';
import { UploadRefused } from './refusal';
import { withUploadScratch, type UploadScratch } from './scratch';

/**
 * Runs an upload route with its own scratch folder (removed afterwards, whatever happened) and
 * answers with the success envelope, or the refusal's status and Russian message.
 */
export function answerUpload(c: Context<AppEnv>, services: Services, path: string, run: (scratch: UploadScratch) => Promise<Record<string, unknown>>): Promise<Response> {
  return withUploadScratch(services.config.UPLOAD_SCRATCH_DIR, run)
    .then((body) => c.json({ success: '1', message: '', ...body }))
    .catch((error: unknown) => {
      if (error instanceof UploadRefused) return c.json({ success: error.refusal.code, message: error.refusal.message }, error.refusal.status);
      // The database or Redis went away mid-upload: the same 503 as every other call, logged once by the tracker.
      if (isOutage(services.health, error)) return c.json({ success: '0', message: MESSAGES.unavailable }, 503);
      services.log.error(`${path}: upload failed`, error);
      return c.json({ success: '0', message: MESSAGES.internal }, 500);
    });
}
