/**
 * Page geometry for OCR, on a small greyscale copy of the page: how far the photo is tilted, and
 * which horizontal bands are plain text, two columns or a ruled table. Tesseract reads a tilted,
 * noisy phone photo badly and, left to its own layout analysis, interleaves two columns line by
 * line below a full-width heading; so the page is straightened first and each band is read on its
 * own, columns one after the other, tables with the row-by-row mode.
 */

export interface Bitmap {
  /** One byte per pixel, 0 black … 255 white, row by row. */
  data: Uint8Array;
  width: number;
  height: number;
}

export type Band =
  | { kind: 'text'; top: number; bottom: number }
  | { kind: 'table'; top: number; bottom: number }
  | { kind: 'columns'; top: number; bottom: number; gutterLeft: number; gutterRight: number };

/** Otsu's threshold: the grey level that best separates ink from paper. */
export function otsuThreshold(bitmap: Bitmap): number {
  const histogram = new Array<number>(256).fill(0);
  for (const value of bitmap.data) histogram[value]! += 1;
  const total = bitmap.data.length;
  let sum = 0;
  for (let level = 0; level < 256; level++) sum += level * histogram[level]!;
  let below = 0;
  let belowSum = 0;
  let best = 0;
  let threshold = 128;
  for (let level = 0; level < 256; level++) {
    below += histogram[level]!;
    if (below === 0) continue;
    const above = total - below;
    if (above === 0) break;
    belowSum += level * histogram[level]!;
    const meanBelow = belowSum / below;
    const meanAbove = (sum - belowSum) / above;
    const between = below * above * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = level;
    }
  }
  return threshold;
}

/** Ink pixels (darker than the threshold) as x, y pairs. */
function inkPixels(bitmap: Bitmap, threshold: number): Int32Array {
  const found: number[] = [];
  for (let y = 0; y < bitmap.height; y++) {
    const row = y * bitmap.width;
    for (let x = 0; x < bitmap.width; x++) if (bitmap.data[row + x]! <= threshold) found.push(x, y);
  }
  return Int32Array.from(found);
}

/** How sharply the ink falls into rows when the page is read at this tilt (sum of squared row counts). */
function rowSharpness(ink: Int32Array, height: number, width: number, degrees: number): number {
  const radians = (degrees * Math.PI) / 180;
  const sin = Math.sin(radians);
  const cos = Math.cos(radians);
  const offset = Math.ceil(width * Math.abs(sin)) + 1;
  const rows = new Float64Array(height + 2 * offset + 2);
  for (let index = 0; index < ink.length; index += 2) {
    const row = Math.round(ink[index + 1]! * cos - ink[index]! * sin) + offset;
    if (row >= 0 && row < rows.length) rows[row]! += 1;
  }
  let score = 0;
  for (const count of rows) score += count * count;
  return score;
}

/**
 * The tilt of the text lines in degrees (positive: lines fall to the right, as after a clockwise
 * turn), from the projection profile: the angle at which ink rows are sharpest. Searched within
 * ±maxDegrees, coarse then fine.
 */
export function skewAngle(bitmap: Bitmap, maxDegrees = 8): number {
  const ink = inkPixels(bitmap, otsuThreshold(bitmap));
  // A blank page (or one solid picture) has no lines to straighten.
  if (ink.length < 200 || ink.length / 2 > bitmap.width * bitmap.height * 0.5) return 0;
  const search = (from: number, to: number, step: number) => {
    let best = 0;
    let bestScore = -1;
    for (let angle = from; angle <= to + 1e-9; angle += step) {
      const score = rowSharpness(ink, bitmap.height, bitmap.width, angle);
      if (score > bestScore) {
        bestScore = score;
        best = angle;
      }
    }
    return best;
  };
  const coarse = search(-maxDegrees, maxDegrees, 0.5);
  return Math.round(search(coarse - 0.5, coarse + 0.5, 0.1) * 10) / 10;
}

interface Line {
  top: number;
  bottom: number;
  /** Ink per column of this line. */
  ink: Uint16Array;
  ruled: boolean;
}

/** Text lines: runs of rows with ink, with the column profile of each. */
function textLines(bitmap: Bitmap, threshold: number): Line[] {
  const { width, height, data } = bitmap;
  // Specks (noise that survived the median) do not make a row of text.
  const minInk = Math.max(3, Math.round(width * 0.01));
  const lines: Line[] = [];
  let current: Line | null = null;
  for (let y = 0; y < height; y++) {
    let count = 0;
    let run = 0;
    let longest = 0;
    for (let x = 0; x < width; x++) {
      if (data[y * width + x]! <= threshold) {
        count++;
        run++;
        if (run > longest) longest = run;
      } else run = 0;
    }
    if (count < minInk) {
      current = null;
      continue;
    }
    if (!current) {
      current = { top: y, bottom: y, ink: new Uint16Array(width), ruled: false };
      lines.push(current);
    }
    current.bottom = y;
    // A table's rule: one unbroken dark run across half the page.
    if (longest >= width * 0.5) current.ruled = true;
    for (let x = 0; x < width; x++) if (data[y * width + x]! <= threshold) current.ink[x]! += 1;
  }
  return lines;
}

/** Blank columns of a line inside the middle of the page, as a bit per column. */
function middleBlanks(line: Line, width: number): Uint8Array {
  const blank = new Uint8Array(width);
  for (let x = Math.floor(width * 0.25); x < Math.ceil(width * 0.75); x++) blank[x] = line.ink[x] === 0 ? 1 : 0;
  return blank;
}

/** The widest run of set columns, or null when none is at least minWidth wide. */
function widestRun(bits: Uint8Array, minWidth: number): { left: number; right: number } | null {
  let best: { left: number; right: number } | null = null;
  let start = -1;
  for (let x = 0; x <= bits.length; x++) {
    if (x < bits.length && bits[x]) {
      if (start < 0) start = x;
      continue;
    }
    if (start >= 0 && x - start >= minWidth && (!best || x - start > best.right - best.left)) best = { left: start, right: x };
    start = -1;
  }
  return best;
}

/** A side of a line holds text, not specks: ink in at least a fifth of its columns. */
const hasText = (line: Line, from: number, to: number) => {
  let inked = 0;
  for (let x = from; x < to; x++) if (line.ink[x]! > 0) inked++;
  return inked >= (to - from) * 0.2;
};

/**
 * Bands of the page, top to bottom: ruled tables, runs of at least three lines that share a blank
 * gutter in the middle with text on both sides (two columns), and plain text between them.
 */
export function pageBands(bitmap: Bitmap): Band[] {
  const threshold = otsuThreshold(bitmap);
  const lines = textLines(bitmap, threshold);
  const { width } = bitmap;
  const minGutter = Math.max(3, Math.round(width * 0.03));
  const bands: Band[] = [];
  const push = (band: Band) => {
    const last = bands[bands.length - 1];
    if (last && last.kind === band.kind && band.kind !== 'columns') last.bottom = band.bottom;
    else bands.push(band);
  };

  // A table runs from its first rule to its last.
  const ruled = lines.map((line) => line.ruled);
  const firstRule = ruled.indexOf(true);
  const lastRule = ruled.lastIndexOf(true);
  const inTable = (index: number) => firstRule >= 0 && index >= firstRule && index <= lastRule;

  let index = 0;
  while (index < lines.length) {
    if (inTable(index)) {
      push({ kind: 'table', top: lines[firstRule]!.top, bottom: lines[lastRule]!.bottom });
      index = lastRule + 1;
      continue;
    }
    // Grow a run of lines sharing a gutter as far as it goes.
    let gutter = middleBlanks(lines[index]!, width);
    let end = index;
    let bothSides = 0;
    let run = widestRun(gutter, minGutter);
    while (run && end + 1 < lines.length && !inTable(end + 1)) {
      const next = middleBlanks(lines[end + 1]!, width);
      const shared = gutter.map((bit, x) => bit & next[x]!);
      const sharedRun = widestRun(shared, minGutter);
      if (!sharedRun) break;
      gutter = shared;
      run = sharedRun;
      end++;
    }
    if (run && end - index + 1 >= 3) {
      for (let at = index; at <= end; at++) if (hasText(lines[at]!, 0, run.left) && hasText(lines[at]!, run.right, width)) bothSides++;
    }
    if (run && bothSides >= 3) {
      bands.push({ kind: 'columns', top: lines[index]!.top, bottom: lines[end]!.bottom, gutterLeft: run.left, gutterRight: run.right });
      index = end + 1;
      continue;
    }
    push({ kind: 'text', top: lines[index]!.top, bottom: lines[index]!.bottom });
    index++;
  }
  return bands;
}

/**
 * A ruled table's lines painted white (in place): tesseract reads a rule hugging a row as part of
 * its letters and drops the row. A rule is a dark run across half the width (or two thirds of the
 * height); the row or column it sits in, and its neighbours, become paper.
 */
export function eraseRules(bitmap: Bitmap): void {
  const { data, width, height } = bitmap;
  const threshold = otsuThreshold(bitmap);
  const dark = (x: number, y: number) => data[y * width + x]! <= threshold;
  const longestRun = (length: number, at: (index: number) => boolean) => {
    let run = 0;
    let longest = 0;
    for (let index = 0; index < length; index++) {
      run = at(index) ? run + 1 : 0;
      if (run > longest) longest = run;
    }
    return longest;
  };
  const rows = new Set<number>();
  for (let y = 0; y < height; y++) if (longestRun(width, (x) => dark(x, y)) >= width * 0.5) for (let near = y - 2; near <= y + 2; near++) rows.add(near);
  const columns = new Set<number>();
  for (let x = 0; x < width; x++) if (longestRun(height, (y) => dark(x, y)) >= height * 0.66) for (let near = x - 2; near <= x + 2; near++) columns.add(near);
  for (const y of rows) if (y >= 0 && y < height) data.fill(255, y * width, (y + 1) * width);
  for (const x of columns) if (x >= 0 && x < width) for (let y = 0; y < height; y++) data[y * width + x] = 255;
}
