import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pngBomb, pngChunkFor, pngHeader } from '../../../tests/helpers/image-fixtures';
import { checkImage } from './image-check';

/** A whole 4000×4000 RGBA PNG of one colour: 64 MB of pixel rows that deflate to a few dozen KB. */
function bigPlainPng(): { png: Buffer; idat: Buffer } {
  const rows = Buffer.alloc(4000 * (4000 * 4 + 1));
  const idat = deflateSync(rows, { level: 1 });
  return { png: pngHeader(4000, 4000, 8, 6, Buffer.concat([pngChunkFor('IDAT', idat), pngChunkFor('IEND', Buffer.alloc(0))])), idat };
}

describe('part 2 whole-image check off the event loop', () => {
  it('refuses the 480 MB bomb from its header, without inflating it', async () => {
    const started = performance.now();
    expect(await checkImage(pngBomb())).toEqual({ ok: false, reason: 'tooLarge' });
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('inflates a large legitimate PNG in the thread pool while the event loop keeps ticking', async () => {
    const { png, idat } = bigPlainPng();
    const syncStarted = performance.now();
    inflateSync(idat);
    const syncMs = performance.now() - syncStarted;

    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 1);
    try {
      expect(await checkImage(png)).toEqual({ ok: true, kind: 'png', width: 4000, height: 4000 });
    } finally {
      clearInterval(ticker);
    }
    // The same inflate run synchronously holds the loop for all of syncMs; streamed, it never comes close.
    expect(longestGap).toBeLessThan(Math.max(syncMs / 2, 15));
    console.info(`64 MB of pixels: inflateSync held the loop ${syncMs.toFixed(0)} ms; the check's longest loop gap ${longestGap.toFixed(1)} ms`);
  });
});
