/**
 * A thin drawing layer over pdf-lib pages that keeps the content streams short (issue 5: a
 * 50-step report in under 50 ms): consecutive texts share one text object and only change font
 * or colour when they differ, font resources are named once per page, and coordinates are
 * rounded to 1/100 pt. Text goes through winAnsiText, so no input can make the font throw.
 */
import type { PDFName, PDFOperator, PDFPage } from 'pdf-lib';
import {
  beginText,
  clip,
  endPath,
  concatTransformationMatrix,
  drawObject,
  endText,
  fill,
  lineTo,
  moveTo,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setDashPattern,
  setFillingRgbColor,
  setFontAndSize,
  setLineWidth,
  setStrokingRgbColor,
  setTextMatrix,
  showText,
  StandardFonts,
  stroke,
} from 'pdf-lib';
import type { EmbeddedImage } from './images';
import { Widths } from './widths';
import { winAnsiText } from './layout';

export type Color = readonly [number, number, number];

/** '#1c7ed6' → [0.11, 0.49, 0.84]. */
export function hexColor(hex: string): Color {
  const n = parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

export const BLACK: Color = [0, 0, 0];

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: Color;
}

/** A4 in points. */
export const PAGE = { width: 595.28, height: 841.89 } as const;

const r2 = (n: number) => Math.round(n * 100) / 100;

export class Canvas {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private keys!: { regular: PDFName; bold: PDFName };
  private readonly pageKeys: { regular: PDFName; bold: PDFName }[] = [];
  private textOps: PDFOperator[] = [];
  private textFont = '';
  private textColor = '';

  private constructor(
    readonly doc: PDFDocument,
    private readonly regular: Widths,
    private readonly bold: Widths,
  ) {}

  static async create(): Promise<Canvas> {
    const doc = await PDFDocument.create();
    const [regular, bold] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
    ]);
    return new Canvas(doc, new Widths(regular), new Widths(bold));
  }

  addPage(): void {
    this.flush();
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.keys = {
      regular: this.page.node.newFontDictionary(this.regular.font.name, this.regular.font.ref),
      bold: this.page.node.newFontDictionary(this.bold.font.name, this.bold.font.ref),
    };
    this.pageKeys.push(this.keys);
  }

  /** Back to an earlier page (page numbers are written once the count is known). */
  usePage(index: number): void {
    this.flush();
    this.page = this.pages[index]!;
    this.keys = this.pageKeys[index]!;
  }

  /** The width a text takes, as text() will draw it. */
  measure(text: string, style: TextStyle): number {
    return (style.bold ? this.bold : this.regular).of(winAnsiText(text), style.size);
  }

  /** A one-line text with its baseline at y; align 'right' or 'center' around x. */
  text(
    x: number,
    y: number,
    text: string,
    style: TextStyle,
    align: 'left' | 'right' | 'center' = 'left',
  ): void {
    const safe = winAnsiText(text);
    if (safe === '') return;
    const widths = style.bold ? this.bold : this.regular;
    if (align !== 'left') {
      const w = widths.of(safe, style.size);
      x -= align === 'right' ? w : w / 2;
    }
    if (this.textOps.length === 0) {
      this.textOps.push(beginText());
      this.textFont = this.textColor = '';
    }
    const font = `${style.bold ? 'b' : 'r'}${style.size}`;
    if (font !== this.textFont) {
      this.textOps.push(setFontAndSize(style.bold ? this.keys.bold : this.keys.regular, style.size));
      this.textFont = font;
    }
    const color = style.color ?? BLACK;
    if (color.join() !== this.textColor) {
      this.textOps.push(setFillingRgbColor(color[0], color[1], color[2]));
      this.textColor = color.join();
    }
    this.textOps.push(setTextMatrix(1, 0, 0, 1, r2(x), r2(y)), showText(widths.font.encodeText(safe)));
  }

  rect(x: number, y: number, w: number, h: number, fillColor: Color): void {
    this.ops(
      setFillingRgbColor(fillColor[0], fillColor[1], fillColor[2]),
      rectangle(r2(x), r2(y), r2(w), r2(h)),
      fill(),
    );
  }

  line(x1: number, y1: number, x2: number, y2: number, color: Color, width = 0.5, dash?: number[]): void {
    this.stroke([moveTo(r2(x1), r2(y1)), lineTo(r2(x2), r2(y2))], color, width, dash);
  }

  /** A polyline of [x0, y0, x1, y1, ...] in one path. */
  polyline(points: readonly number[], color: Color, width: number): void {
    if (points.length < 4) return;
    const path: PDFOperator[] = [moveTo(r2(points[0]!), r2(points[1]!))];
    for (let i = 2; i + 1 < points.length; i += 2) path.push(lineTo(r2(points[i]!), r2(points[i + 1]!)));
    this.stroke(path, color, width);
  }

  /** Separate segments [x1, y1, x2, y2, ...] stroked as one path (grid lines, frames). */
  segments(coords: readonly number[], color: Color, width: number): void {
    const path: PDFOperator[] = [];
    for (let i = 0; i + 3 < coords.length; i += 4) {
      path.push(moveTo(r2(coords[i]!), r2(coords[i + 1]!)), lineTo(r2(coords[i + 2]!), r2(coords[i + 3]!)));
    }
    if (path.length > 0) this.stroke(path, color, width);
  }

  private stroke(path: PDFOperator[], color: Color, width: number, dash?: number[]): void {
    this.ops(
      pushGraphicsState(),
      setStrokingRgbColor(color[0], color[1], color[2]),
      setLineWidth(width),
      ...(dash ? [setDashPattern(dash, 0)] : []),
      ...path,
      stroke(),
      popGraphicsState(),
    );
  }

  /** Draws inside a rectangle only (a plot's lines stay in its frame). */
  clipped(x: number, y: number, w: number, h: number, draw: () => void): void {
    this.ops(pushGraphicsState(), rectangle(r2(x), r2(y), r2(w), r2(h)), clip(), endPath());
    draw();
    this.ops(popGraphicsState());
  }

  image(image: EmbeddedImage, x: number, y: number, w: number, h: number): void {
    const name = this.page.node.newXObject('Image', image.ref);
    this.ops(
      pushGraphicsState(),
      concatTransformationMatrix(r2(w), 0, 0, r2(h), r2(x), r2(y)),
      drawObject(name),
      popGraphicsState(),
    );
  }

  /** Raw operators (clipping paths), after any pending text. */
  ops(...operators: PDFOperator[]): void {
    this.flush();
    this.page.pushOperators(...operators);
  }

  flush(): void {
    if (this.textOps.length === 0) return;
    this.textOps.push(endText());
    this.page.pushOperators(...this.textOps);
    this.textOps = [];
  }
}
