import { ActionId } from '@sweepline/domain';
import type { PimSourceConfig } from '../models/pim-source';
import { Random } from '../models/prng';
import { DEVICE_DEFAULTS, type DeviceSpec } from '../sim-config';
import { pickFate, tolerance, unitSeed } from './draws';

/**
 * The units of the demo account's four products (docs/seed.md, tools/seed/demo-products.ts), as
 * the simulators play them when the runner says which unit it measures (`:SIM:DUT`,
 * docs/instruments.md "Demo units"). Each serial number is one unit with its own draw of the
 * product's tolerances; about 92 % of units are good and pass every test, the others have one of
 * the faults that fail real production lines, which fail the steps that fault spoils.
 */
export interface DemoUnit {
  readonly product: string;
  readonly serial: string;
  /** `good`, or the unit's fault ('detuned', 'high PIM'…): what the simulator tells its log. */
  readonly condition: string;
  /** What the analyzer's test ports see while the runner measures a step of `actionId`. */
  devicesFor(actionId: number | undefined): readonly DeviceSpec[];
  /** The unit's PIM, for the PIM analyzer; none: the simulator's configured PIM source. */
  readonly pim?: Partial<PimSourceConfig>;
}

interface Fate {
  readonly condition: string;
  /** Share of the units with this fate; the first fate (good) takes what the others leave. */
  readonly share: number;
}

interface DemoProduct {
  readonly name: string;
  readonly fates: readonly Fate[];
  make(fate: Fate, random: Random): Omit<DemoUnit, 'product' | 'serial' | 'condition'>;
}

const fixed = (devices: readonly DeviceSpec[]) => ({ devicesFor: () => devices });

/**
 * BPF-600, a 500-700 MHz cavity band-pass: a 9-resonator Chebyshev whose ripple band (440-735
 * MHz) holds the group delay flat enough for its 50 MHz window and whose skirts still give 40 dB
 * rejection at 400 MHz and 35 dB at 800 MHz. A detuned resonator raises the ripple (return loss,
 * SWR) and moves the band; poor plating raises the loss (insertion loss max and average).
 */
const BPF_600: DemoProduct = {
  name: 'BPF-600',
  fates: [
    { condition: 'good', share: 0.92 },
    { condition: 'detuned', share: 0.05 },
    { condition: 'high insertion loss', share: 0.03 },
  ],
  make(fate, random) {
    const detuned = fate.condition === 'detuned';
    const shift = detuned ? (random.next() < 0.5 ? -1 : 1) * random.uniform(3, 6) : 0;
    const low = tolerance(random, 441, 0.4, 1) + shift;
    const high = tolerance(random, 735, 0.5, 1.2) + shift;
    return fixed([
      {
        model: 'bandpass',
        ports: [1, 2],
        centerHz: Math.sqrt(low * high) * 1e6,
        bandwidthHz: (high - low) * 1e6,
        order: 9,
        response: 'chebyshev',
        rippleDb: detuned ? random.uniform(0.15, 0.3) : random.uniform(0.048, 0.056),
        lossDb:
          fate.condition === 'high insertion loss'
            ? random.uniform(1.3, 1.7)
            : tolerance(random, 0.6, 0.04, 0.12),
        phaseDeg: tolerance(random, 90, 4, 10),
      },
    ]);
  },
};

/**
 * CA-300, 3 m of LMR-400 (foam, v = 0.85) with N connectors: a damaged connector reflects
 * (the SWR of its port, and through the cable a little of the other's), a crushed cable loses
 * (transmission, insertion loss average).
 */
const CA_300: DemoProduct = {
  name: 'CA-300',
  fates: [
    { condition: 'good', share: 0.93 },
    { condition: 'damaged connector', share: 0.05 },
    { condition: 'crushed cable', share: 0.02 },
  ],
  make(fate, random) {
    const good = () => tolerance(random, 29, 1.5, 3.5);
    // a damaged connector is at one end, either one
    const damaged = fate.condition === 'damaged connector' ? random.uniform(17, 20.5) : undefined;
    const nearDamaged = damaged !== undefined && random.next() < 0.5;
    return fixed([
      {
        model: 'cable',
        ports: [1, 2],
        lengthM: tolerance(random, 3, 0.004, 0.01),
        velocityFactor: 0.85,
        lossDbPerMAt1GHz:
          fate.condition === 'crushed cable'
            ? random.uniform(0.45, 0.6)
            : tolerance(random, 0.22, 0.008, 0.025),
        connectorReturnLossDb: nearDamaged ? damaged : good(),
        farConnectorReturnLossDb: damaged !== undefined && !nearDamaged ? damaged : good(),
      },
    ]);
  },
};

/** Which of the coupler's ports sit on the analyzer's ports 1 and 2 for a step (1 in, 2 through, 3 coupled, 4 isolated). */
const COUPLED_STEPS = new Set<number>([
  ActionId.CouplerMax,
  ActionId.CouplerMin,
  ActionId.CouplerVariation,
  ActionId.Attenuation,
]);

/**
 * DC-20, a 20 dB directional coupler measured on a two-port analyzer: the operator connects the
 * port the step names (the through line for gain and return loss, the coupled port for coupling
 * and attenuation, the isolated port for isolation), so the simulator does. A coupling out of
 * tolerance fails the coupler steps, a poor directivity the isolation and directivity of stage 2,
 * a poor match the return loss.
 */
const DC_20: DemoProduct = {
  name: 'DC-20',
  fates: [
    { condition: 'good', share: 0.92 },
    { condition: 'coupling out of tolerance', share: 0.04 },
    { condition: 'poor directivity', share: 0.03 },
    { condition: 'poor match', share: 0.01 },
  ],
  make(fate, random) {
    const off = (random.next() < 0.5 ? -1 : 1) * random.uniform(1.2, 1.8);
    const coupler = {
      model: 'coupler' as const,
      couplingDb:
        fate.condition === 'coupling out of tolerance' ? 20.1 + off : tolerance(random, 20.1, 0.15, 0.4),
      directivityDb:
        fate.condition === 'poor directivity' ? random.uniform(14, 18.5) : tolerance(random, 27, 1.5, 3.5),
      throughLossDb: tolerance(random, 0.2, 0.03, 0.08),
      returnLossDb: fate.condition === 'poor match' ? random.uniform(15, 18.5) : tolerance(random, 28, 2, 4),
    };
    // the coupler's port n on the analyzer's port ports[n - 1]; ports 3 and 4 of the analyzer are unused
    const through: DeviceSpec = { ...coupler, ports: [1, 2, 3, 4] };
    const coupled: DeviceSpec = { ...coupler, ports: [1, 3, 2, 4] };
    const isolated: DeviceSpec = { ...coupler, ports: [1, 3, 4, 2] };
    return {
      devicesFor: (actionId) =>
        actionId === ActionId.Isolation
          ? [isolated]
          : actionId !== undefined && COUPLED_STEPS.has(actionId)
            ? [coupled]
            : [through],
    };
  },
};

/**
 * ANT-900, a panel antenna matched over 880-960 MHz (its matching network's band 865-975 MHz) on
 * port 1, PIM tested at 2 × 43 dBm: a mismatched unit fails SWR and return loss, a loose
 * connector or a bad solder joint the PIM tones.
 */
const ANT_900: DemoProduct = {
  name: 'ANT-900',
  fates: [
    { condition: 'good', share: 0.92 },
    { condition: 'mismatched', share: 0.03 },
    { condition: 'high PIM', share: 0.05 },
  ],
  make(fate, random) {
    return {
      ...fixed([
        {
          ...DEVICE_DEFAULTS.antenna,
          model: 'antenna',
          ports: [1],
          centerHz: Math.sqrt(865 * 975) * 1e6 + tolerance(random, 0, 1.5e6, 4e6),
          bandwidthHz: 110e6,
          returnLossDb:
            fate.condition === 'mismatched' ? random.uniform(10, 13) : tolerance(random, 17.8, 0.8, 2),
        },
      ]),
      pim: {
        dutPimDbc:
          fate.condition === 'high PIM' ? random.uniform(-148, -142) : tolerance(random, -159, 1.5, 3.5),
      },
    };
  },
};

export const DEMO_PRODUCTS: readonly DemoProduct[] = [BPF_600, CA_300, DC_20, ANT_900];

/** The names of the products the simulators play, as the demo seed names them. */
export const DEMO_PRODUCT_NAMES: readonly string[] = DEMO_PRODUCTS.map((p) => p.name);

/** The unit `serial` of demo product `product` (names as the seed writes them); undefined for any other product. */
export function demoUnit(product: string, serial: string, seed = 1): DemoUnit | undefined {
  const spec = DEMO_PRODUCTS.find((p) => p.name === product);
  if (!spec) return undefined;
  const random = new Random(unitSeed(product, serial, seed));
  const fate = pickFate(random, spec.fates);
  return { product, serial, condition: fate.condition, ...spec.make(fate, random) };
}
