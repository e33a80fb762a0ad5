/**
 * What the simulators' units of a demo product measure (docs/seed.md, "The tour's SPC step, as
 * the simulators measure it"): the seed draws a step's values around the mean and spread of the
 * good units `sweepline sim` plays, so the limits frozen from seeded runs fit the units a user
 * then measures in the tour (docs/cli.md, "Seeing an SPC alarm"), and only a drift stands out.
 */
import { ActionId } from '@sweepline/domain';
import { demoUnit, TestPortNetwork } from '@sweepline/instruments';

/** Good units sampled: the mean within about 0.002 dB (σ / √400), the spread within 4 %. */
const UNITS = 400;
/** Points over the band, 2 MHz apart over 200 MHz: finer than the filter's ripple, which sets the maximum. */
const POINTS = 101;

export interface SimulatedSpread {
  nominal: number;
  spread: number;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The mean and the standard deviation of Insertion Loss Max (the largest loss of S21, dB) over
 * `startMHz`-`stopMHz` of the good units of `product` (serial numbers as the seed writes them,
 * `<prefix>-000001` on), each unit measured by the simulators' model as the ENA simulator plays it.
 */
export function simulatedInsertionLossMax(
  product: string,
  snPrefix: string,
  startMHz: number,
  stopMHz: number,
): SimulatedSpread {
  const freqs = Array.from(
    { length: POINTS },
    (_, k) => (startMHz + ((stopMHz - startMHz) * k) / (POINTS - 1)) * 1e6,
  );
  const values: number[] = [];
  for (let n = 1; values.length < UNITS; n++) {
    const unit = demoUnit(product, `${snPrefix}-${String(n).padStart(6, '0')}`);
    if (!unit) throw new Error(`The simulators play no product ${product}`);
    if (unit.condition !== 'good') continue;
    const ports = new TestPortNetwork(2, unit.devicesFor(ActionId.InsertionLossMax));
    values.push(Math.max(...freqs.map((f) => lossDb(ports, f))));
  }
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1);
  return { nominal: round3(mean), spread: round3(Math.sqrt(variance)) };
}

/** The loss from port 1 to port 2 at `freqHz`, dB: −|S21| in dB. */
function lossDb(ports: TestPortNetwork, freqHz: number): number {
  const s21 = ports.sAt(2, 1, freqHz);
  return -20 * Math.log10(Math.hypot(s21.re, s21.im));
}
