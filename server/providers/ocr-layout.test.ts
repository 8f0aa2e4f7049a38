import { describe, expect, it } from 'vitest';
import { type Bitmap, eraseRules, pageBands, skewAngle } from './ocr-layout';

/** A white page with "words": dark dashes of word length on text lines 12 px high. */
function blankPage(width = 800, height = 600): Bitmap {
  return { data: new Uint8Array(width * height).fill(255), width, height };
}

function ink(page: Bitmap, x: number, y: number): void {
  if (x >= 0 && y >= 0 && x < page.width && y < page.height) page.data[Math.round(y) * page.width + Math.round(x)] = 0;
}

/** Words between from and to on the line at top, tilted by degrees; gaps of 6 px, varied lengths. */
function writeLine(page: Bitmap, top: number, from: number, to: number, degrees = 0, seed = 1): void {
  const slope = Math.tan((degrees * Math.PI) / 180);
  let x = from;
  let word = seed;
  while (x < to) {
    const length = 20 + ((word * 37) % 50);
    for (let dx = 0; dx < length && x + dx < to; dx++) for (let dy = 0; dy < 12; dy++) ink(page, x + dx, top + dy + (x + dx) * slope);
    x += length + 6;
    word++;
  }
}

describe('page geometry for OCR', () => {
  it('finds the tilt of the text lines within a tenth of a degree, either way', () => {
    for (const degrees of [-4, -1.5, 0, 2, 3.3]) {
      const page = blankPage();
      for (let top = 60; top < 520; top += 30) writeLine(page, top, 40, 760, degrees, top);
      expect(Math.abs(skewAngle(page) - degrees)).toBeLessThanOrEqual(0.15);
    }
  });

  it('a blank page has no tilt', () => {
    expect(skewAngle(blankPage())).toBe(0);
  });

  it('splits a heading, two columns and a ruled table into bands, top to bottom', () => {
    const page = blankPage(800, 700);
    writeLine(page, 20, 300, 500);
    for (let top = 60; top < 300; top += 24) {
      writeLine(page, top, 40, 380, 0, top);
      writeLine(page, top, 420, 760, 0, top + 7);
    }
    writeLine(page, 330, 40, 760);
    for (const y of [400, 440, 480]) for (let x = 40; x < 760; x++) for (let dy = 0; dy < 2; dy++) ink(page, x, y + dy);
    writeLine(page, 414, 60, 700);
    writeLine(page, 454, 60, 700);
    const bands = pageBands(page);
    expect(bands.map((band) => band.kind)).toEqual(['text', 'columns', 'text', 'table']);
    const columns = bands[1]!;
    expect(columns.kind === 'columns' && columns.gutterLeft >= 380 && columns.gutterRight <= 420).toBe(true);
  });

  it('one column of justified text with word gaps is not taken for two columns', () => {
    const page = blankPage();
    for (let top = 40; top < 560; top += 24) writeLine(page, top, 40, 760, 0, top);
    expect(pageBands(page).map((band) => band.kind)).toEqual(['text']);
  });

  it('erases a table rule so the row under it is read, and keeps the letters', () => {
    const page = blankPage(400, 100);
    for (let x = 10; x < 390; x++) ink(page, x, 20);
    writeLine(page, 30, 20, 200);
    eraseRules(page);
    expect(page.data[20 * 400 + 100]).toBe(255);
    expect(page.data[35 * 400 + 25]).toBe(0);
  });
});
