import { inflateSync } from 'node:zlib';
import type { PDFRawStream } from 'pdf-lib';
import { PDFArray, PDFContentStream, PDFDocument, PDFName, rgb } from 'pdf-lib';
import { deflatePageContents } from './deflate-contents';

/** A page's content streams as saved: their dictionaries' filters and raw bytes. */
async function savedContents(bytes: Uint8Array): Promise<{ filter: string; raw: Buffer }[]> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPage(0).node.Contents() as PDFArray | PDFRawStream;
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  return streams.map((s) => {
    const stream = s as PDFRawStream;
    return { filter: String(stream.dict.get(PDFName.of('Filter'))), raw: Buffer.from(stream.getContents()) };
  });
}

async function drawnDocument(): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 300]);
  for (let i = 0; i < 200; i++)
    page.drawLine({ start: { x: i, y: 0 }, end: { x: 0, y: i }, color: rgb(0, 0, 1) });
  return doc;
}

describe('deflatePageContents', () => {
  it('deflates each content stream to what pdf-lib would have written, decoded', async () => {
    const plain = await drawnDocument();
    const expected = await savedContents(await plain.save({ useObjectStreams: false }));
    const fast = await drawnDocument();
    deflatePageContents(fast);
    // already deflated, so save() has nothing left to encode in JavaScript
    const pending = fast.context
      .enumerateIndirectObjects()
      .filter(([, object]) => object instanceof PDFContentStream);
    expect(pending).toEqual([]);
    const actual = await savedContents(await fast.save({ useObjectStreams: false }));
    expect(actual.map((c) => c.filter)).toEqual(['/FlateDecode']);
    expect(actual.map((c) => inflateSync(c.raw).toString('latin1'))).toEqual(
      expected.map((c) => inflateSync(c.raw).toString('latin1')),
    );
    // compressed, not stored: 200 lines of operators shrink many times over
    expect(actual[0]!.raw.length * 4).toBeLessThan(inflateSync(actual[0]!.raw).length);
  });
});
