import { FAIL_COLOR, type PlotView, type TraceLimitLine } from '@sweepline/domain';

/** The failing side of a limit line, shaded in FAIL_COLOR (#b91c1c) so the trace shows through. */
const FAIL_SHADE = 'rgba(185, 28, 28, 0.1)';
/** A Phase step's limit holds at one frequency: drawn as a short bar, a hundredth of the view wide each side. */
const SINGLE_FREQUENCY_HALF_WIDTH = 0.01;

/**
 * A step's limit lines (libs/domain trace-limits) as chart.js datasets: dashed red over the
 * step's range only, with the failing side shaded to the plot's top or bottom edge.
 */
export function limitLineDatasets(lines: readonly TraceLimitLine[], view: PlotView) {
  const half = (view.xMax - view.xMin) * SINGLE_FREQUENCY_HALF_WIDTH;
  return lines.map((line) => {
    const [from, to] =
      line.fromMHz === line.toMHz ? [line.fromMHz - half, line.toMHz + half] : [line.fromMHz, line.toMHz];
    return {
      label: line.label,
      data: [
        { x: from, y: line.yValue },
        { x: to, y: line.yValue },
      ],
      borderColor: FAIL_COLOR,
      borderDash: [6, 4],
      borderWidth: 1.5,
      pointRadius: 0,
      fill: line.failSide === 'above' ? ('end' as const) : ('start' as const),
      backgroundColor: FAIL_SHADE,
      order: 1,
    };
  });
}
