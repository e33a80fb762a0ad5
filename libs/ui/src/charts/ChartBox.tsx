import { useRef, type ReactNode } from 'react';
import { useNearViewport } from './useNearViewport';

/** What a chart's canvas says to assistive technology: an image, its name and its description. */
export interface ChartCanvasProps {
  role: 'img';
  'aria-label': string;
  'aria-describedby'?: string;
}

/**
 * A chart's box, as tall as the chart from the start. The chart (`children`, given `canvas`'s
 * props) is made once the box comes near the viewport; until then the box holds a blank canvas
 * with the same name and description, so the page reads the same and nothing moves when it draws.
 */
export function ChartBox({
  height,
  canvas,
  children,
}: {
  height: number;
  canvas: ChartCanvasProps;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  return (
    <div ref={ref} style={{ position: 'relative', height, width: '100%' }}>
      {near ? children : <canvas {...canvas} />}
    </div>
  );
}
