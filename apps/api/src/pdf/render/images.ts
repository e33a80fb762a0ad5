/**
 * Instrument screenshots as PDF image objects, embedded once each. pdf-lib's own PNG embedding
 * decodes every pixel and deflates it again in JavaScript (tens of milliseconds for a screen);
 * a PNG without transparency can instead go into the PDF as it is, its compressed rows read by
 * FlateDecode with the PNG predictor (PDF 32000 7.4.4.4). 8-bit PNGs with alpha are split with
 * native zlib (png-alpha.ts); the rare rest (interlaced, 16-bit alpha, palette transparency) take
 * pdf-lib's path. JPEGs are copied by pdf-lib (DCTDecode).
 */
import type { PDFDocument, PDFRef } from 'pdf-lib';
import { PDFArray, PDFHexString, PDFName } from 'pdf-lib';
import { splitAlpha } from './png-alpha';

export interface EmbeddedImage {
  ref: PDFRef;
  width: number;
  height: number;
}

interface PngInfo {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
  palette?: Uint8Array;
  hasTransparency: boolean;
  data: Buffer;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The header, palette and joined IDAT data of a PNG; undefined when it is not one. */
export function readPng(bytes: Uint8Array): PngInfo | undefined {
  if (bytes.length < 33 || SIGNATURE.some((b, i) => bytes[i] !== b)) return undefined;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const idat: Buffer[] = [];
  let info: Omit<PngInfo, 'data'> | undefined;
  for (let at = 8; at + 8 <= buf.length;) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const body = buf.subarray(at + 8, at + 8 + length);
    if (body.length < length) return undefined;
    if (type === 'IHDR' && length >= 13) {
      info = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bitDepth: body[8]!,
        colorType: body[9]!,
        interlace: body[12]!,
        hasTransparency: false,
      };
    } else if (type === 'PLTE' && info) info.palette = body;
    else if (type === 'tRNS' && info) info.hasTransparency = true;
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!info || idat.length === 0 || info.width === 0 || info.height === 0) return undefined;
  return { ...info, data: idat.length === 1 ? idat[0]! : Buffer.concat(idat) };
}

/** Components per pixel of the colour types PDF can take straight (gray, RGB, palette). */
const COLORS: Record<number, number> = { 0: 1, 2: 3, 3: 1 };

function passThrough(png: PngInfo): boolean {
  const colors = COLORS[png.colorType];
  if (colors === undefined || png.interlace !== 0 || png.hasTransparency) return false;
  if (png.colorType === 3) return png.bitDepth <= 8 && png.palette !== undefined;
  return [1, 2, 4, 8, 16].includes(png.bitDepth) && (png.colorType === 0 || png.bitDepth >= 8);
}

function embedPngStream(doc: PDFDocument, png: PngInfo): EmbeddedImage {
  const { context } = doc;
  const colors = COLORS[png.colorType]!;
  const colorSpace =
    png.colorType === 3
      ? PDFArray.withContext(context)
      : PDFName.of(png.colorType === 0 ? 'DeviceGray' : 'DeviceRGB');
  if (colorSpace instanceof PDFArray) {
    const palette = png.palette!;
    colorSpace.push(PDFName.of('Indexed'));
    colorSpace.push(PDFName.of('DeviceRGB'));
    colorSpace.push(context.obj(Math.floor(palette.length / 3) - 1));
    colorSpace.push(PDFHexString.of(Buffer.from(palette).toString('hex')));
  }
  const stream = context.stream(png.data, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: png.width,
    Height: png.height,
    BitsPerComponent: png.bitDepth,
    ColorSpace: colorSpace,
    Filter: 'FlateDecode',
    DecodeParms: { Predictor: 15, Colors: colors, BitsPerComponent: png.bitDepth, Columns: png.width },
  });
  return { ref: context.register(stream), width: png.width, height: png.height };
}

/** An 8-bit image stream of deflated samples. */
function imageStream(
  doc: PDFDocument,
  width: number,
  height: number,
  colorSpace: string,
  data: Buffer,
  smask?: PDFRef,
): PDFRef {
  const stream = doc.context.stream(data, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    BitsPerComponent: 8,
    ColorSpace: colorSpace,
    Filter: 'FlateDecode',
    ...(smask ? { SMask: smask } : {}),
  });
  return doc.context.register(stream);
}

function embedAlphaPng(doc: PDFDocument, png: PngInfo): EmbeddedImage {
  const { width, height } = png;
  const split = splitAlpha(png.data, width, height, png.colorType as 4 | 6);
  const smask = split.alpha && imageStream(doc, width, height, 'DeviceGray', split.alpha);
  const space = split.colors === 3 ? 'DeviceRGB' : 'DeviceGray';
  return { ref: imageStream(doc, width, height, space, split.color, smask), width, height };
}

/**
 * The screenshot as an image of the document, or undefined when its bytes are not an image
 * pdf-lib can read (the upload checks only the first bytes): the report shows a note instead.
 */
export async function embedScreenshot(
  doc: PDFDocument,
  contentType: string,
  bytes: Uint8Array,
): Promise<EmbeddedImage | undefined> {
  try {
    if (contentType === 'image/jpeg') {
      // pdf-lib reads `bytes.buffer` from offset 0: a Buffer from Node's pool would be misread
      const jpg = await doc.embedJpg(new Uint8Array(bytes));
      return { ref: jpg.ref, width: jpg.width, height: jpg.height };
    }
    const png = readPng(bytes);
    if (!png) return undefined;
    if (passThrough(png)) return embedPngStream(doc, png);
    if ((png.colorType === 4 || png.colorType === 6) && png.bitDepth === 8 && png.interlace === 0) {
      return embedAlphaPng(doc, png);
    }
    const image = await doc.embedPng(new Uint8Array(bytes));
    return { ref: image.ref, width: image.width, height: image.height };
  } catch {
    return undefined;
  }
}
