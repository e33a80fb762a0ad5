/**
 * What a trace says in place of limit lines it cannot place: numeric limits on a step whose
 * StepPlot is not known (docs/measurements.md, "Limit lines"). The web legend and the PDF's note
 * under the plot use the same words.
 */
export const LIMITS_NOT_DRAWN = 'Limit lines not drawn: where they fall on this trace is not known';
