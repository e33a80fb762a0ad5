import type { Canvas } from './canvas';
import { hexColor, PAGE } from './canvas';

/** Page geometry of the report (A4, points). */
export const LEFT = 40;
export const RIGHT = PAGE.width - 40;
export const WIDTH = RIGHT - LEFT;
export const TOP = PAGE.height - 40;
/** Content stops here; the footer (page numbers) sits below. */
export const BOTTOM = 50;

export const GREY = [0.42, 0.45, 0.49] as const;
export const LIGHT = [0.95, 0.96, 0.97] as const;
export const RULE = [0.8, 0.82, 0.85] as const;
/** Mantine's orange.9: a run of an older release, an instrument due for calibration. */
export const ORANGE = hexColor('#d9480f');

/**
 * The report flows top to bottom: `y` is where the next block starts. A block that does not fit
 * below `y` goes to a new page, which starts with the running header.
 */
export class Flow {
  y = TOP;

  constructor(
    readonly canvas: Canvas,
    private readonly runningHeader: (flow: Flow) => void,
  ) {}

  /** Starts a new page when `height` does not fit below y; true when it did. */
  ensure(height: number): boolean {
    if (this.y - height >= BOTTOM) return false;
    this.newPage();
    return true;
  }

  newPage(): void {
    this.canvas.addPage();
    this.y = TOP;
    this.runningHeader(this);
  }
}
