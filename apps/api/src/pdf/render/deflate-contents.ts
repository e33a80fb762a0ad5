import { deflateSync } from 'node:zlib';
import type { PDFDocument } from 'pdf-lib';
import { PDFContentStream, PDFRawStream } from 'pdf-lib';

/**
 * pdf-lib deflates the pages' content streams when the document is saved, with pako: in
 * JavaScript, a third of the time of a report with two 1601-point trace plots (docs/performance.md).
 * This deflates them first with Node's zlib, in native code, into the same objects under the same
 * references, so save() only copies them. Call it when nothing more is drawn.
 */
export function deflatePageContents(doc: PDFDocument): void {
  const { context } = doc;
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFContentStream)) continue;
    // the stream's dictionary already names FlateDecode (pdf-lib would have encoded it so)
    context.assign(ref, PDFRawStream.of(object.dict, deflateSync(object.getUnencodedContents())));
  }
}
