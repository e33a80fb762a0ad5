/**
 * Reads a PDF back in specs (not part of the build): the pages' content streams decoded, the
 * texts they show (the report draws WinAnsi hex strings: `<48656C6C6F> Tj`), and the images.
 */
import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream, PDFStream } from 'pdf-lib';

export interface ReadPdf {
  pageCount: number;
  /** The decoded content stream of each page. */
  contents: string[];
  /** The texts of each page, in drawing order. */
  texts: string[][];
  /** The image objects' dictionaries (Width, Height, ColorSpace, SMask...), as text. */
  images: string[];
}

const WIN_ANSI_HIGH: Record<number, string> = { 0x95: '•', 0x85: '…', 0x96: '–', 0x97: '—', 0x80: '€' };

function decodeHex(hex: string): string {
  let out = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const code = parseInt(hex.slice(i, i + 2), 16);
    out += WIN_ANSI_HIGH[code] ?? String.fromCharCode(code);
  }
  return out;
}

function streamText(stream: PDFStream): string {
  const bytes = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
  return Buffer.from(bytes).toString('latin1');
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPages().map((page) => {
    const c = page.node.Contents();
    const streams = c instanceof PDFArray ? c.asArray().map((ref) => doc.context.lookup(ref)) : [c];
    return streams
      .filter((s): s is PDFStream => s instanceof PDFStream)
      .map(streamText)
      .join('\n');
  });
  const texts = contents.map((content) =>
    [...content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) => decodeHex(m[1]!)),
  );
  const images: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) {
      images.push(object.dict.toString());
    }
  }
  return { pageCount: doc.getPageCount(), contents, texts, images };
}
