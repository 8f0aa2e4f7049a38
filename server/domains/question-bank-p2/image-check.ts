import { crc32, createInflate } from 'node:zlib';
import { inspectImage } from '../../uploads';

/**
 * Checks that an uploaded picture is a whole image of a known format, not just a file with the
 * right first bytes: its size from the header within the upload limits (server/uploads), then
 * PNG chunks with their checksums and the pixel data inflated to the size the header promises
 * (streamed in zlib's thread pool and counted, never held nor run on the event loop), a JPEG's
 * scan and end marker, a WebP's RIFF container. A truncated or forged file is refused before
 * students or OCR ever see it.
 */

export const P2_IMAGE_KINDS = ['png', 'jpeg', 'webp'] as const;
export type P2ImageKind = (typeof P2_IMAGE_KINDS)[number];
export type ImageCheck = { ok: true; kind: P2ImageKind; width: number; height: number } | { ok: false; reason: 'type' | 'broken' | 'tooLarge' };

export async function checkImage(input: Uint8Array): Promise<ImageCheck> {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.length);
  const header = inspectImage(bytes, P2_IMAGE_KINDS);
  if (!header.ok) return header;
  const whole = header.kind === 'png' ? await pngWhole(bytes) : header.kind === 'jpeg' ? jpegWhole(bytes) : webpWhole(bytes);
  return whole ? header : { ok: false, reason: 'broken' };
}

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Bytes `data` inflates to, counted as zlib streams them out; null when broken or above `limit`. */
function inflatedLength(data: Buffer[], limit: number): Promise<number | null> {
  return new Promise((resolve) => {
    const inflate = createInflate({ chunkSize: 64 * 1024 });
    let total = 0;
    let settled = false;
    const settle = (value: number | null) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        settle(null);
        inflate.destroy();
      }
    });
    inflate.on('error', () => settle(null));
    inflate.on('end', () => settle(total));
    for (const chunk of data) inflate.write(chunk);
    inflate.end();
  });
}

async function pngWhole(bytes: Buffer): Promise<boolean> {
  let offset = 8;
  let header: { width: number; height: number; depth: number; color: number; interlace: number } | null = null;
  const data: Buffer[] = [];
  let ended = false;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (offset + 12 + length > bytes.length) return false;
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32(body, crc32(bytes.subarray(offset + 4, offset + 8))) !== bytes.readUInt32BE(offset + 8 + length)) return false;
    if (!header && type !== 'IHDR') return false;
    if (type === 'IHDR') {
      if (length !== 13) return false;
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8]!, color: body[9]!, interlace: body[12]! };
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') {
      ended = true;
      break;
    }
    offset += 12 + length;
  }
  if (!header || !ended || data.length === 0) return false;
  const channels = PNG_CHANNELS[header.color];
  if (!channels) return false;
  const rowBytes = Math.ceil((header.width * channels * header.depth) / 8);
  const expected = header.height * (rowBytes + 1);
  // Interlaced images store seven passes, a little more than the plain layout (at most 7 filter bytes per row more).
  const limit = header.interlace === 0 ? expected : expected + 7 * header.height + 7 * 7;
  const inflated = await inflatedLength(data, limit);
  if (inflated === null) return false;
  return header.interlace === 0 ? inflated === expected : inflated >= expected;
}

/** JPEG: well-formed segments up to the scan, and an end-of-image marker after it (a cut-off file has none). */
function jpegWhole(bytes: Buffer): boolean {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return false;
    if (marker === 0xda) return bytes.lastIndexOf(Buffer.from([0xff, 0xd9])) >= offset + 2 + length;
    offset += 2 + length;
  }
  return false;
}

/** WebP: the RIFF container holds as many bytes as it declares. */
function webpWhole(bytes: Buffer): boolean {
  return bytes.length >= 30 && bytes.readUInt32LE(4) + 8 <= bytes.length;
}
