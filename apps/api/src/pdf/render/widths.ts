import type { PDFFont } from 'pdf-lib';

/** Per standard font, its glyph widths at size 1000 by character; the same for every report. */
const CACHES = new Map<string, Map<string, number>>();

/** Glyph widths per character, measured once: pdf-lib re-encodes the text on every measure. */
export class Widths {
  private readonly cache: Map<string, number>;

  constructor(readonly font: PDFFont) {
    let cache = CACHES.get(font.name);
    if (!cache) CACHES.set(font.name, (cache = new Map()));
    this.cache = cache;
  }

  /** Without kerning: the report's text operators draw none. */
  of(text: string, size: number): number {
    let total = 0;
    for (const ch of text) {
      let w = this.cache.get(ch);
      if (w === undefined) {
        w = this.font.widthOfTextAtSize(ch, 1000);
        this.cache.set(ch, w);
      }
      total += w;
    }
    return (total * size) / 1000;
  }
}
