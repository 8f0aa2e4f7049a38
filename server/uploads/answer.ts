import type { Context } from 'hono';
import type { AppEnv } from '../contract/http-router';
import type { Services } from '../services';
import { UploadRefused } from './refusal';
import { withUploadScratch, type UploadScratch } from './scratch';

/**
 * Runs an upload route with its own scratch folder (removed afterwards, whatever happened) and
 * answers with the success envelope, or the refusal's status and Russian message. Anything else
 * goes on to the app's one error handler (503 for an outage, else a logged 500).
 */
export function answerUpload(c: Context<AppEnv>, services: Services, run: (scratch: UploadScratch) => Promise<Record<string, unknown>>): Promise<Response> {
  return withUploadScratch(services.config.UPLOAD_SCRATCH_DIR, run)
    .then((body) => c.json({ success: '1', message: '', ...body }))
    .catch((error: unknown) => {
      if (error instanceof UploadRefused) {
        // A client too slow to say who it is gets its connection closed too, not kept alive for more.
        if (error.refusal.status === 408) c.header('Connection', 'close');
        return c.json({ success: error.refusal.code, message: error.refusal.message }, error.refusal.status);
      }
      throw error;
    });
}
