/** Why an upload is refused: the HTTP status, the envelope code and the Russian message shown. */
export type Refusal = { status: 400 | 401 | 403 | 404 | 408 | 413 | 500 | 503; code: '0' | '-1'; message: string };

/** Thrown anywhere in an upload route; answered as its own envelope, never as a 500. */
export class UploadRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

export const refused = (status: Refusal['status'], message: string, code: '0' | '-1' = '0') => new UploadRefused({ status, code, message });
