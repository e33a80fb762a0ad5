/**
 * PNGs with an alpha channel (colour types 4 and 6, 8 bits, not interlaced: what screen grabbers
 * save) split into colour and alpha for the PDF, with Node's native zlib: pdf-lib does the same in
 * JavaScript and takes about 100 ms for a 1280x800 screen, this about a fifth of it. An alpha
 * channel that is opaque everywhere is dropped.
 */
import { deflateSync, inflateSync } from 'node:zlib';

export interface SplitImage {
  /** Gray or RGB samples, deflated. */
  color: Buffer;
  colors: 1 | 3;
  /** Alpha samples, deflated; undefined when every pixel is opaque. */
  alpha?: Buffer;
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** Undoes the PNG row filters in place; the rows start at filter bytes. Throws on a bad filter. */
export function unfilter(data: Uint8Array, width: number, height: number, bpp: number): void {
  const rowBytes = width * bpp;
  const stride = rowBytes + 1;
  if (data.length < stride * height) throw new Error('PNG data too short');
  for (let y = 0; y < height; y++) {
    const row = y * stride + 1;
    const prior = row - stride;
    const filter = data[row - 1];
    if (filter === 0) continue;
    for (let i = 0; i < rowBytes; i++) {
      const a = i >= bpp ? data[row + i - bpp]! : 0;
      const b = y > 0 ? data[prior + i]! : 0;
      let add: number;
      if (filter === 1) add = a;
      else if (filter === 2) add = b;
      else if (filter === 3) add = (a + b) >> 1;
      else if (filter === 4) add = paeth(a, b, i >= bpp && y > 0 ? data[prior + i - bpp]! : 0);
      else throw new Error(`PNG filter ${filter}`);
      data[row + i] = (data[row + i]! + add) & 255;
    }
  }
}

/** The colour and alpha planes of an 8-bit gray+alpha (4) or RGBA (6) PNG's joined IDAT data. */
export function splitAlpha(idat: Uint8Array, width: number, height: number, colorType: 4 | 6): SplitImage {
  const colors = colorType === 6 ? 3 : 1;
  const bpp = colors + 1;
  const data = inflateSync(idat);
  unfilter(data, width, height, bpp);
  const color = Buffer.allocUnsafe(width * height * colors);
  const alpha = Buffer.allocUnsafe(width * height);
  let opaque = true;
  let c = 0;
  let p = 0;
  for (let y = 0; y < height; y++) {
    let at = y * (width * bpp + 1) + 1;
    for (let x = 0; x < width; x++) {
      color[c++] = data[at++]!;
      if (colors === 3) {
        color[c++] = data[at++]!;
        color[c++] = data[at++]!;
      }
      const a = data[at++]!;
      alpha[p++] = a;
      if (a !== 255) opaque = false;
    }
  }
  return {
    color: deflateSync(color, { level: 1 }),
    colors,
    alpha: opaque ? undefined : deflateSync(alpha, { level: 1 }),
  };
}
