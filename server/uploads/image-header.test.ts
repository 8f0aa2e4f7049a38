import { describe, expect, it } from 'vitest';
import { gifHeader, JPEG_1X1, jpegApp, jpegHeader, PNG_1X1, pngBomb, pngHeader, webpHeader } from '../../tests/helpers/image-fixtures';
import { imageKind, inspectImage, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from './image-header';

const ALL = ['png', 'jpeg', 'gif', 'webp'] as const;

describe('image header reader', () => {
  it('tells the kind by magic bytes, among the kinds a route takes', () => {
    expect(imageKind(PNG_1X1, ALL)).toBe('png');
    expect(imageKind(JPEG_1X1, ALL)).toBe('jpeg');
    expect(imageKind(gifHeader(1, 1), ALL)).toBe('gif');
    expect(imageKind(webpHeader('VP8L', 1, 1), ALL)).toBe('webp');
    expect(imageKind(webpHeader('VP8L', 1, 1), ['png', 'jpeg', 'gif'])).toBeNull();
    expect(imageKind(Buffer.from('%PDF-1.4'), ALL)).toBeNull();
    expect(inspectImage(gifHeader(1, 1), ['png', 'jpeg'])).toEqual({ ok: false, reason: 'type' });
  });

  it('reads PNG IHDR and refuses the 7745×7745 16-bit decompression bomb from its header, quickly', () => {
    expect(inspectImage(PNG_1X1, ALL)).toEqual({ ok: true, kind: 'png', width: 1, height: 1 });
    const bomb = pngBomb();
    const started = performance.now();
    expect(inspectImage(bomb, ALL)).toEqual({ ok: false, reason: 'tooLarge' });
    expect(performance.now() - started).toBeLessThan(20);
    // Just under the limits is fine; one point over on a side or in area is not.
    expect(inspectImage(pngHeader(5000, 8000), ALL)).toMatchObject({ ok: true, width: 5000, height: 8000 });
    expect(inspectImage(pngHeader(MAX_IMAGE_SIDE, 2000), ALL)).toMatchObject({ ok: true });
    expect(inspectImage(pngHeader(MAX_IMAGE_SIDE + 1, 10), ALL)).toEqual({ ok: false, reason: 'tooLarge' });
    expect(inspectImage(pngHeader(10_000, MAX_IMAGE_PIXELS / 10_000 + 1), ALL)).toEqual({ ok: false, reason: 'tooLarge' });
    // A thin strip: few pixels, absurd side.
    expect(inspectImage(pngHeader(1, 4_000_000), ALL)).toEqual({ ok: false, reason: 'tooLarge' });
  });

  it('refuses PNG headers it cannot trust', () => {
    expect(inspectImage(PNG_1X1.subarray(0, 20), ALL)).toEqual({ ok: false, reason: 'broken' });
    expect(inspectImage(pngHeader(0, 10), ALL)).toEqual({ ok: false, reason: 'broken' });
    expect(inspectImage(pngHeader(10, 10, 16, 3), ALL)).toEqual({ ok: false, reason: 'broken' });
    expect(inspectImage(pngHeader(10, 10, 8, 5), ALL)).toEqual({ ok: false, reason: 'broken' });
    const notIhdr = Buffer.from(PNG_1X1);
    notIhdr.write('IDAT', 12, 'latin1');
    expect(inspectImage(notIhdr, ALL)).toEqual({ ok: false, reason: 'broken' });
  });

  it('finds the JPEG frame header after APPn segments, in every SOF flavour, and refuses a scan without one', () => {
    expect(inspectImage(JPEG_1X1, ALL)).toEqual({ ok: true, kind: 'jpeg', width: 1, height: 1 });
    const camera = jpegHeader(4000, 3000, [jpegApp(1, 60_000), jpegApp(2, 65_000), jpegApp(2, 65_000), jpegApp(13, 30_000)]);
    expect(inspectImage(camera, ALL)).toEqual({ ok: true, kind: 'jpeg', width: 4000, height: 3000 });
    expect(inspectImage(jpegHeader(640, 480, [jpegApp(0, 14)], 0xc1), ALL)).toMatchObject({ ok: true, width: 640, height: 480 });
    expect(inspectImage(jpegHeader(640, 480, [jpegApp(0, 14)], 0xc2), ALL)).toMatchObject({ ok: true, width: 640, height: 480 });
    expect(inspectImage(jpegHeader(65_000, 65_000), ALL)).toEqual({ ok: false, reason: 'tooLarge' });
    // Fill bytes before a marker are allowed.
    expect(inspectImage(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), jpegHeader(20, 10).subarray(2)]), ALL)).toMatchObject({ ok: true, width: 20 });
    // Start of scan (0xda) before any frame header, a height of 0, a cut-off segment.
    expect(inspectImage(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0, 0]), ALL)).toEqual({ ok: false, reason: 'broken' });
    expect(inspectImage(jpegHeader(10, 0), ALL)).toEqual({ ok: false, reason: 'broken' });
    expect(inspectImage(Buffer.concat([Buffer.from([0xff, 0xd8]), jpegApp(1, 1000).subarray(0, 500)]), ALL)).toEqual({ ok: false, reason: 'broken' });
    // The 0xc4 (Huffman table) marker is not a frame header.
    const huffmanFirst = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xc4, 0x00, 0x04, 0x00, 0x00]), jpegHeader(30, 40).subarray(2)]);
    expect(inspectImage(huffmanFirst, ALL)).toMatchObject({ ok: true, width: 30, height: 40 });
  });

  it('reads the GIF logical screen', () => {
    expect(inspectImage(gifHeader(320, 200), ALL)).toEqual({ ok: true, kind: 'gif', width: 320, height: 200 });
    expect(inspectImage(gifHeader(65_535, 65_535), ALL)).toEqual({ ok: false, reason: 'tooLarge' });
    expect(inspectImage(Buffer.from('GIF89a\x01', 'latin1'), ALL)).toEqual({ ok: false, reason: 'broken' });
  });

  it('reads WebP lossy, lossless and extended frame headers', () => {
    expect(inspectImage(webpHeader('VP8 ', 800, 600), ALL)).toEqual({ ok: true, kind: 'webp', width: 800, height: 600 });
    expect(inspectImage(webpHeader('VP8L', 1024, 768), ALL)).toEqual({ ok: true, kind: 'webp', width: 1024, height: 768 });
    expect(inspectImage(webpHeader('VP8X', 3000, 2000), ALL)).toEqual({ ok: true, kind: 'webp', width: 3000, height: 2000 });
    expect(inspectImage(webpHeader('VP8X', 16_000_000, 16_000_000), ALL)).toEqual({ ok: false, reason: 'tooLarge' });
    const badStartCode = webpHeader('VP8 ', 8, 8);
    badStartCode[23] = 0;
    expect(inspectImage(badStartCode, ALL)).toEqual({ ok: false, reason: 'broken' });
    const unknownChunk = webpHeader('VP8L', 8, 8);
    unknownChunk.write('ALPH', 12, 'latin1');
    expect(inspectImage(unknownChunk, ALL)).toEqual({ ok: false, reason: 'broken' });
  });
});
