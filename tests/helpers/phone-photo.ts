import sharp from 'sharp';

/**
 * A printed page as a phone would photograph it: turned by a few degrees, grey paper with sensor
 * noise, saved as JPEG 60. Deterministic (a seeded generator), so the measured accuracy is stable.
 */
export async function phonePhoto(page: Uint8Array, degrees: number, seed = 7): Promise<Buffer> {
  const turned = await sharp(page).flatten({ background: '#ffffff' }).rotate(degrees, { background: '#ffffff' }).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  let state = seed >>> 0;
  const random = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const noisy = Buffer.alloc(turned.data.length);
  for (let index = 0; index < turned.data.length; index++) {
    // Roughly normal noise (sum of three uniforms), σ ≈ 26 grey levels, on slightly dim paper.
    const noise = (random() + random() + random() - 1.5) * 90;
    noisy[index] = Math.max(0, Math.min(255, Math.round(turned.data[index]! * 0.85 + 20 + noise)));
  }
  return sharp(noisy, { raw: { width: turned.info.width, height: turned.info.height, channels: 1 } }).jpeg({ quality: 60 }).toBuffer();
}
