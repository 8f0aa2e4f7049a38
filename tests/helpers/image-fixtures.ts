import { crc32, deflateSync } from 'node:zlib';

/**
 * Small real pictures and crafted image headers for upload tests: each has the header the
 * server reads (PNG IHDR, JPEG SOFn, GIF screen, WebP frame), so their sizes are what they say.
 */

/** One PNG chunk: length, type, body and its CRC. */
export function pngChunkFor(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typeBytes = Buffer.from(type, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body, crc32(typeBytes)));
  return Buffer.concat([length, typeBytes, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's signature and IHDR with the given size, depth and colour type (6 = RGBA), then `rest`. */
export function pngHeader(width: number, height: number, depth = 8, color = 6, rest: Buffer = Buffer.alloc(0)): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = depth;
  ihdr[9] = color;
  return Buffer.concat([PNG_SIGNATURE, pngChunkFor('IHDR', ihdr), rest]);
}

/** A whole, valid 1×1 RGBA PNG. */
export const PNG_1X1 = pngHeader(1, 1, 8, 6, Buffer.concat([pngChunkFor('IDAT', deflateSync(Buffer.from([0, 0x20, 0x40, 0x60, 0xff]))), pngChunkFor('IEND', Buffer.alloc(0))]));

/**
 * The decompression bomb of the hostile-input table (#10): 7745×7745 16-bit RGBA, 480 MB of pixels
 * once inflated, carried by a short IDAT that is only the start of a zlib stream of zeros.
 */
export function pngBomb(): Buffer {
  const zeros = deflateSync(Buffer.alloc(1024 * 1024));
  return pngHeader(7745, 7745, 16, 6, Buffer.concat([pngChunkFor('IDAT', zeros.subarray(0, zeros.length - 4)), pngChunkFor('IEND', Buffer.alloc(0))]));
}

/** A JPEG: SOI, `segments` (e.g. APPn), then a baseline (0xc0) or other SOFn frame header with the size, and EOI. */
export function jpegHeader(width: number, height: number, segments: Buffer[] = [], sof = 0xc0): Buffer {
  const frame = Buffer.from([0xff, sof, 0x00, 0x0b, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x01, 0x01, 0x11, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), ...segments, frame, Buffer.from([0xff, 0xd9])]);
}

/** A JPEG metadata segment (APP0…APP15) of `size` payload bytes. */
export function jpegApp(n: number, size: number): Buffer {
  const head = Buffer.from([0xff, 0xe0 + n, (size + 2) >> 8, (size + 2) & 0xff]);
  return Buffer.concat([head, Buffer.alloc(size, 0x41)]);
}

/** A 1×1 JPEG header with a JFIF APP0 segment first, as cameras and editors write them. */
export const JPEG_1X1 = jpegHeader(1, 1, [Buffer.concat([Buffer.from([0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')])]);

/** A GIF's signature and logical screen. */
export function gifHeader(width: number, height: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  return Buffer.concat([Buffer.from('GIF89a', 'latin1'), screen, Buffer.from([0x3b])]);
}

function riff(chunk: string, body: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  const total = Buffer.alloc(4);
  total.writeUInt32LE(4 + 8 + body.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), total, Buffer.from('WEBP', 'latin1'), Buffer.from(chunk, 'latin1'), size, body]);
}

/** WebP headers of the three kinds: lossy (VP8), lossless (VP8L) and extended (VP8X). */
export function webpHeader(kind: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number): Buffer {
  if (kind === 'VP8 ') {
    const body = Buffer.alloc(14);
    body.set([0x9d, 0x01, 0x2a], 3);
    body.writeUInt16LE(width & 0x3fff, 6);
    body.writeUInt16LE(height & 0x3fff, 8);
    return riff(kind, body);
  }
  if (kind === 'VP8L') {
    const body = Buffer.alloc(10);
    body[0] = 0x2f;
    body.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1);
    return riff(kind, body);
  }
  const body = Buffer.alloc(10);
  body.writeUIntLE(width - 1, 4, 3);
  body.writeUIntLE(height - 1, 7, 3);
  return riff(kind, body);
}
