import { open } from 'node:fs/promises';

/**
 * Image type by its first bytes and its size from the header alone (PNG IHDR, JPEG SOFn, GIF
 * logical screen, WebP VP8/VP8L/VP8X), so a picture that would take hundreds of megabytes once
 * decoded is refused from a few bytes: nothing is inflated or decoded here.
 */

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp';

/**
 * Largest picture accepted: 40 megapixels (a 300 dpi A4 scan is 8.7 MP, a phone photo 12–50 MP
 * is rarely sent to a textbook or a question) and 16 384 points per side (WebP's own maximum;
 * a thin 1×40 000 000 strip is refused too). A 16-bit RGBA picture at the limit decodes to 320 MB.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 16_384;

/** How much of a file the header reader looks at: JPEG metadata segments (EXIF, ICC) come before the frame header. */
export const IMAGE_HEAD_BYTES = 1024 * 1024;

export type ImageInspection<K extends ImageKind = ImageKind> = { ok: true; kind: K; width: number; height: number } | { ok: false; reason: 'type' | 'broken' | 'tooLarge' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image format by magic bytes, among those the caller takes (the name and declared type are not trusted). */
export function imageKind<K extends ImageKind>(head: Uint8Array, allowed: readonly K[]): K | null {
  const bytes = Buffer.from(head.buffer, head.byteOffset, Math.min(head.length, 16));
  let kind: ImageKind | null = null;
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) kind = 'png';
  else if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) kind = 'jpeg';
  else if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(bytes.toString('latin1', 0, 6))) kind = 'gif';
  else if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') kind = 'webp';
  return allowed.find((candidate) => candidate === kind) ?? null;
}

type Size = { width: number; height: number };

/** PNG: the first chunk must be a 13-byte IHDR with a valid bit depth for its colour type. */
function pngSize(bytes: Buffer): Size | null {
  if (bytes.length < 33 || bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  const depth = bytes[24]!;
  const color = bytes[25]!;
  const depths: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
  if (!depths[color]?.includes(depth)) return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** JPEG: walks the marker segments (APPn, DQT, …) up to the first frame header SOF0…SOF15. */
function jpegSize(bytes: Buffer): Size | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // Fill bytes, and markers that stand alone (TEM, RSTn) without a length.
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += marker === 0xff ? 1 : 2;
      continue;
    }
    // Start of scan or end of image before any frame header: no size to read.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 8 || offset + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/** GIF: the logical screen size right after the signature. */
function gifSize(bytes: Buffer): Size | null {
  if (bytes.length < 10) return null;
  return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

/** WebP: the first chunk of the RIFF container is a lossy, lossless or extended frame header. */
function webpSize(bytes: Buffer): Size | null {
  if (bytes.length < 30) return null;
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

const SIZE_READERS: Record<ImageKind, (bytes: Buffer) => Size | null> = { png: pngSize, jpeg: jpegSize, gif: gifSize, webp: webpSize };

/** Kind and size of a picture from its first bytes; refuses other kinds, unreadable headers and sizes above the limits. */
export function inspectImage<K extends ImageKind>(head: Uint8Array, allowed: readonly K[]): ImageInspection<K> {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.length);
  const kind = imageKind(bytes, allowed);
  if (!kind) return { ok: false, reason: 'type' };
  const size = SIZE_READERS[kind](bytes);
  if (!size || size.width < 1 || size.height < 1) return { ok: false, reason: 'broken' };
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE || size.width * size.height > MAX_IMAGE_PIXELS) return { ok: false, reason: 'tooLarge' };
  return { ok: true, kind, ...size };
}

/** The first `bytes` of a file (fewer when it is shorter). */
export async function fileHead(path: string, bytes = IMAGE_HEAD_BYTES): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
