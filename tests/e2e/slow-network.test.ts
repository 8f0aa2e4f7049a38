import { describe, expect, it } from 'vitest';
import { useE2e } from '../helpers/e2e';
import { describeLoad, loadSignInSlowly } from '../helpers/slow-sign-in';

/**
 * Issue #27 goal: the sign-in page's scripts and styles at most 130 KB on the wire. Measured with
 * brotli: 141 KB in 21 files before the sign-in page was trimmed, 126.3 KB in 6 files after (the
 * entry 94 KB, zod with the sign-in contracts 24 KB). The byte count does not vary between loads.
 * The time to a usable page (goal 1.5 s) depends on the machine's load, so it is measured by
 * `npm run bench:sign-in`, not asserted here.
 */
// 128.5 KB in 6 files in December 2026 (the entry grew with the product's strings and routes; the
// app worker's registration and the auth header now ride in the `sign-in` chunk instead of three
// files of their own).
const WIRE_BUDGET_BYTES = 130 * 1024;

/**
 * Issue #27 item 4: the sign-in page on a slow phone network in Chromium. Scripts and styles come
 * compressed (brotli copies from the build) and stay within the byte budget.
 */
describe('sign-in page on slow 4G in chromium', () => {
  const e2e = useE2e();

  it('its scripts and styles travel compressed within 130 KB', async () => {
    const load = await loadSignInSlowly(e2e.browser, e2e.server.url);
    process.stdout.write(describeLoad(load));
    const codeBytes = load.code.reduce((sum, item) => sum + item.bytes, 0);
    expect(load.code.length).toBeGreaterThan(0);
    // Files under half a kilobyte have no compressed copy (it would not pay); everything else is brotli.
    for (const item of load.code.filter((entry) => entry.bytes > 1024)) expect(item.encoding, item.url).toBe('br');
    expect(codeBytes).toBeLessThanOrEqual(WIRE_BUDGET_BYTES);
    expect(load.errors).toEqual([]);
  });
});
