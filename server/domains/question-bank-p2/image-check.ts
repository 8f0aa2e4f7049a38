import { crc32, inflateSync } from 'node:zlib';

/**
 * Checks that an uploaded picture is a whole image of a known format, not just a file with the
 * right first bytes: PNG chunks with their checksums and the pixel data inflated to the size the
 * header promises, a JPEG's frame header, scan and end marker, a WebP's RIFF container and frame
 * header. No image library is needed for that, and a truncated or forged file is refused before
 * students or OCR ever see it.
 */

export type P2ImageKind = 'png' | 'jpeg' | 'webp';
export type ImageCheck = { ok: true; kind: P2ImageKind; width: number; height: number } | { ok: false; reason: 'type' | 'broken' };

/** More pixels than any page scan needs; bigger headers are refused before inflating. */
const MAX_PIXELS = 60_000_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function kindOf(bytes: Uint8Array): P2ImageKind | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 16));
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export function checkImage(input: Uint8Array): ImageCheck {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.length);
  const kind = kindOf(bytes);
  if (!kind) return { ok: false, reason: 'type' };
  const size = kind === 'png' ? pngSize(bytes) : kind === 'jpeg' ? jpegSize(bytes) : webpSize(bytes);
  if (!size || size.width < 1 || size.height < 1) return { ok: false, reason: 'broken' };
  return { ok: true, kind, ...size };
}

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function pngSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 8;
  let header: { width: number; height: number; depth: number; color: number; interlace: number } | null = null;
  const data: Buffer[] = [];
  let ended = false;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (offset + 12 + length > bytes.length) return null;
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32(body, crc32(bytes.subarray(offset + 4, offset + 8))) !== bytes.readUInt32BE(offset + 8 + length)) return null;
    if (!header && type !== 'IHDR') return null;
    if (type === 'IHDR') {
      if (length !== 13) return null;
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8]!, color: body[9]!, interlace: body[12]! };
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') {
      ended = true;
      break;
    }
    offset += 12 + length;
  }
  if (!header || !ended || data.length === 0) return null;
  const channels = PNG_CHANNELS[header.color];
  if (!channels || ![1, 2, 4, 8, 16].includes(header.depth) || header.width * header.height > MAX_PIXELS) return null;
  const rowBytes = Math.ceil((header.width * channels * header.depth) / 8);
  const expected = header.height * (rowBytes + 1);
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 });
  } catch {
    return null;
  }
  // Interlaced images store seven passes, a little more than the plain layout; plain ones exactly it.
  if (header.interlace === 0 ? pixels.length !== expected : pixels.length < expected) return null;
  return { width: header.width, height: header.height };
}

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  let size: { width: number; height: number } | null = null;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame && length >= 7) size = { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    if (marker === 0xda) {
      // The scan runs to the end-of-image marker; a cut-off file has none.
      if (!size || bytes.lastIndexOf(Buffer.from([0xff, 0xd9])) < offset + 2 + length) return null;
      return size.width * size.height > MAX_PIXELS ? null : size;
    }
    offset += 2 + length;
  }
  return null;
}

function webpSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 30 || bytes.readUInt32LE(4) + 8 > bytes.length) return null;
  const chunk = bytes.toString('latin1', 12, 16);
  const body = 20;
  if (chunk === 'VP8 ') {
    if (bytes[body + 3] !== 0x9d || bytes[body + 4] !== 0x01 || bytes[body + 5] !== 0x2a) return null;
    return { width: bytes.readUInt16LE(body + 6) & 0x3fff, height: bytes.readUInt16LE(body + 8) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (bytes[body] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(body + 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(body + 4, 3) + 1, height: bytes.readUIntLE(body + 7, 3) + 1 };
  return null;
}
