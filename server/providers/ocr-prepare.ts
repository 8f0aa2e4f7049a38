import sharp, { type Sharp } from 'sharp';
import { type Band, type Bitmap, eraseRules, pageBands, skewAngle } from './ocr-layout';

/**
 * A page image made ready for tesseract (measured: server/providers/ocr-photo.test.ts, README
 * «Распознавание текста»): EXIF orientation applied, grey, median-denoised (a phone
 * photo's sensor noise is what costs tesseract most), contrast stretched, sized so body text is
 * large enough but a 12-megapixel photo does not take a minute, straightened, then cut into the
 * pieces to read in order (columns one after the other, tables row by row).
 */

export interface PagePiece {
  png: Buffer;
  /** Tesseract page segmentation mode: 3 finds the layout itself, 6 reads one block row by row (tables). */
  psm: 3 | 6;
}

export interface PreparedPage {
  pieces: PagePiece[];
  /** The tilt that was straightened, in degrees. */
  skew: number;
  bands: Band['kind'][];
}

/** A decoded page never grows past this (a bigger photo is scaled down first). */
const MAX_SIDE = 3000;
/** Narrower pages are scaled up: tesseract wants body text at least ~20 px high. */
const MIN_WIDTH = 1000;
/** The size the geometry is measured on. */
const ANALYSIS_WIDTH = 800;
/** Pixels refused before decoding (a decompression bomb never reaches memory). */
const MAX_INPUT_PIXELS = 60_000_000;

async function greyBitmap(image: Sharp, width: number): Promise<Bitmap> {
  // Scaled down with a light blur: what noise is left melts into the paper, letters stay dark.
  const { data, info } = await image.clone().resize({ width }).blur(0.8).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Sensor noise, as the mean change a 3×3 median makes in the middle of the page (grey levels):
 * a rendered or scanned page measures 5–8, a phone photo in dim light 25 and more. Only a noisy
 * page is denoised: the median also thins clean letters (0.93 of the words instead of 1.00).
 */
const NOISY = 12;

async function noiseLevel(grey: Sharp, width: number, height: number): Promise<number> {
  const box = { left: Math.floor(width / 4), top: Math.floor(height / 4), width: Math.max(1, Math.floor(width / 2)), height: Math.max(1, Math.floor(height / 2)) };
  const [plain, smoothed] = await Promise.all([grey.clone().extract(box).extractChannel(0).raw().toBuffer(), grey.clone().extract(box).median(3).extractChannel(0).raw().toBuffer()]);
  let change = 0;
  for (let index = 0; index < plain.length; index++) change += Math.abs(plain[index]! - smoothed[index]!);
  return change / plain.length;
}

export async function preparePage(input: Uint8Array): Promise<PreparedPage> {
  const base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().flatten({ background: '#ffffff' }).greyscale();
  const meta = await base.metadata();
  const source = { width: meta.autoOrient?.width ?? meta.width ?? 0, height: meta.autoOrient?.height ?? meta.height ?? 0 };
  if (!source.width || !source.height) throw new Error('изображение не читается');
  const scale = Math.min(MAX_SIDE / Math.max(source.width, source.height), Math.max(1, MIN_WIDTH / source.width));
  const width = Math.round(source.width * scale);
  const sized = sharp(await base.resize({ width, kernel: 'lanczos3' }).png({ compressionLevel: 1 }).toBuffer());
  const noisy = (await noiseLevel(sized, width, Math.round(source.height * scale))) >= NOISY;
  const clean = noisy ? await sized.clone().median(3).normalise().png({ compressionLevel: 1 }).toBuffer() : await sized.clone().png().toBuffer();

  const skew = skewAngle(await greyBitmap(sharp(clean), Math.min(ANALYSIS_WIDTH, width)));
  const straight = Math.abs(skew) >= 0.3 ? await sharp(clean).rotate(-skew, { background: '#ffffff' }).png({ compressionLevel: 1 }).toBuffer() : clean;

  const page = sharp(straight);
  const size = await page.metadata();
  const fullWidth = size.width ?? width;
  const fullHeight = size.height ?? 0;
  const analysis = await greyBitmap(page, Math.min(ANALYSIS_WIDTH, fullWidth));
  const bands = pageBands(analysis);
  // One band of plain text (or nothing found): tesseract's own layout analysis reads the whole page.
  if (!bands.some((band) => band.kind !== 'text')) return { pieces: [{ png: straight, psm: 3 }], skew, bands: bands.map((band) => band.kind) };

  const ratio = fullWidth / analysis.width;
  const margin = Math.round(8 * ratio);
  const crop = async (left: number, top: number, right: number, bottom: number, ruled = false) => {
    const x = Math.max(0, Math.floor(left * ratio) - margin);
    const y = Math.max(0, Math.floor(top * ratio) - margin);
    const w = Math.min(fullWidth, Math.ceil(right * ratio) + margin) - x;
    const h = Math.min(fullHeight, Math.ceil((bottom + 1) * ratio) + margin) - y;
    // Room around the text: tesseract drops words that touch the edge.
    const piece = sharp(straight).extract({ left: x, top: y, width: w, height: h }).extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#ffffff' });
    if (!ruled) return piece.png().toBuffer();
    const { data, info } = await piece.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    eraseRules({ data, width: info.width, height: info.height });
    return sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } }).png().toBuffer();
  };
  const pieces: PagePiece[] = [];
  for (const band of bands) {
    if (band.kind === 'columns') {
      const middle = Math.round((band.gutterLeft + band.gutterRight) / 2);
      pieces.push({ png: await crop(0, band.top, middle, band.bottom), psm: 3 });
      pieces.push({ png: await crop(middle, band.top, analysis.width, band.bottom), psm: 3 });
    } else if (band.kind === 'table') pieces.push({ png: await crop(0, band.top, analysis.width, band.bottom, true), psm: 6 });
    else pieces.push({ png: await crop(0, band.top, analysis.width, band.bottom), psm: 3 });
  }
  return { pieces, skew, bands: bands.map((band) => band.kind) };
}
