import { Ticks, type Scale, type Tick } from 'chart.js';
import { decimalText } from '../number-text';

/**
 * The labels of a linear axis as chart.js's own formatter writes them (`Ticks.formatters.numeric`:
 * as many decimals as the ticks' spacing needs, a comma between thousands), without its
 * Intl.NumberFormat: making one cost each chart 30-40 ms of a phone's CPU on the first render of
 * the reports and the control chart (issue 43). Its scientific notation (ticks below 1e-4 or above
 * 1e15) and an axis's own `ticks.format` still go to chart.js. Charts are in English (en-US)
 * whatever the browser's language, as every other number on the screens.
 */
export function numericTick(this: Scale, value: number | string, index: number, ticks: Tick[]): string {
  const tick = Number(value);
  if (tick === 0) return '0';
  const ends = ticks.length > 1 ? Math.max(Math.abs(ticks[0]!.value), Math.abs(ticks.at(-1)!.value)) : 1;
  const ownFormat = (this.options as { ticks?: { format?: unknown } }).ticks?.format;
  if (ends < 1e-4 || ends > 1e15 || ownFormat !== undefined)
    return Ticks.formatters.numeric.call(this, tick, index, ticks);
  const delta = ticks.length > 1 ? spacing(tick, ticks) : tick;
  const log = Math.log10(Math.abs(delta));
  const decimals = Number.isNaN(log) ? 1 : Math.max(Math.min(-Math.floor(log), 20), 0);
  return decimalText(tick, decimals);
}

/** chart.js's calculateDelta: the ticks' step, or a tick's own fraction when the step is whole. */
function spacing(tick: number, ticks: Tick[]): number {
  const step = ticks.length > 3 ? ticks[2]!.value - ticks[1]!.value : ticks[1]!.value - ticks[0]!.value;
  return Math.abs(step) >= 1 && tick !== Math.floor(tick) ? tick - Math.floor(tick) : step;
}
