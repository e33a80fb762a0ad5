import { installUnitRoutes, type ConnectedUnit } from '../demo/unit-routes';
import { pimReadingDbm } from '../models/pim-source';
import { Random } from '../models/prng';
import type { CommandContext } from '../scpi/command-table';
import { act } from '../scpi/command-table';
import type { ScpiServer } from '../scpi/scpi-server';
import { SIM_ERRORS } from '../scpi/sim-error';
import type { SimConfig } from '../sim-config';
import type { PimSettings } from './pim-plan';
import { planReadings } from './pim-plan';

interface PimResult {
  /** Rows f1, f2, f_im, dBm. */
  readonly rows: number[];
  readonly worst: { readonly dBm: number; readonly imHz: number };
  readonly peakDbm: number;
}

/** Samples per reading: a reading is their power mean, the peak their highest. */
const SAMPLES_PER_READING = 4;
const FIXED_READING_MS = 1000;

/** The generic PIM command set of INSTRUMENTS.md section 3, ours, documented in docs/instruments.md. */
export function installPimRoutes(
  server: ScpiServer,
  config: SimConfig,
  onUnit?: (line: string) => void,
): void {
  // the configured PIM source, or the unit the runner connected (`:SIM:DUT`) with its own noise
  let pim = config.pim;
  let random = new Random(config.seed);
  let unit: ConnectedUnit | undefined;
  installUnitRoutes(server, config, {
    connect(next) {
      if (next === unit) return;
      unit = next;
      pim = { ...config.pim, ...next.demo?.pim };
      random = new Random(next.seed);
    },
    // a drift moves network-analyzer devices (drift.ts), not the PIM source
    drifts: false,
    ...(onUnit ? { onUnit } : {}),
  });
  const [txLow, txHigh] = pim.txBandHz;
  const settings: PimSettings = {
    carriers: [
      { freqHz: 935e6, powerDbm: 43 },
      { freqHz: 955e6, powerDbm: 43 },
    ],
    order: 3,
    high: false,
    forward: false,
    unitDbc: false,
    swept: false,
    durationS: 30,
    sweeps: [
      { startHz: txLow, stopHz: txLow + (txHigh - txLow) / 4 },
      { startHz: txHigh - (txHigh - txLow) / 4, stopHz: txHigh },
    ],
    stepHz: 0.5e6,
    count: 1,
    rfOn: false,
  };
  let result: PimResult | undefined;
  const carrier = (ctx: CommandContext) => {
    const c = settings.carriers[(ctx.suffixes[0] as number) - 1];
    if (!c) throw SIM_ERRORS.suffixOutOfRange();
    return c;
  };
  const sweep = (ctx: CommandContext) => {
    const s = settings.sweeps[(ctx.suffixes[0] as number) - 1];
    if (!s) throw SIM_ERRORS.suffixOutOfRange();
    return s;
  };
  const txFreq = (ctx: CommandContext) => ctx.args.expect(1).number(0, txLow, txHigh);
  const num = (v: number) => server.number(v);

  server.table
    .setting(
      'PIM:CARRier#:FREQuency',
      act((ctx) => void (carrier(ctx).freqHz = txFreq(ctx))),
      (ctx) => num(carrier(ctx).freqHz),
    )
    .setting(
      'PIM:CARRier#:POWer',
      act(
        (ctx) =>
          void (carrier(ctx).powerDbm = ctx.args.expect(1).number(0, pim.minCarrierDbm, pim.maxCarrierDbm)),
      ),
      (ctx) => num(carrier(ctx).powerDbm),
    )
    .setting(
      'PIM:IMORder',
      act((ctx) => {
        const order = ctx.args.expect(1).integer(0, 3, 9);
        if (order % 2 === 0) throw SIM_ERRORS.illegalValue();
        settings.order = order;
      }),
      () => String(settings.order),
    )
    .setting(
      'PIM:IMPRoduct',
      act((ctx) => void (settings.high = ctx.args.expect(1).choice(0, ['LOW', 'HIGH']) === 'HIGH')),
      () => (settings.high ? 'HIGH' : 'LOW'),
    )
    .setting(
      'PIM:MODE',
      act(
        (ctx) =>
          void (settings.forward = ctx.args.expect(1).choice(0, ['REVerse', 'FWD', 'FORWard']) !== 'REV'),
      ),
      () => (settings.forward ? 'FWD' : 'REV'),
    )
    .setting(
      'PIM:UNIT',
      act((ctx) => void (settings.unitDbc = ctx.args.expect(1).choice(0, ['DBM', 'DBC']) === 'DBC')),
      () => (settings.unitDbc ? 'DBC' : 'DBM'),
    )
    .setting(
      'PIM:MEASure',
      act((ctx) => void (settings.swept = ctx.args.expect(1).choice(0, ['FIXed', 'SWEep']) === 'SWE')),
      () => (settings.swept ? 'SWE' : 'FIX'),
    )
    .setting(
      'PIM:FIXed:DURation',
      act((ctx) => void (settings.durationS = ctx.args.expect(1).number(0, 1, 300))),
      () => num(settings.durationS),
    )
    .setting(
      'PIM:SWEep#:STARt',
      act((ctx) => void (sweep(ctx).startHz = txFreq(ctx))),
      (ctx) => num(sweep(ctx).startHz),
    )
    .setting(
      'PIM:SWEep#:STOP',
      act((ctx) => void (sweep(ctx).stopHz = txFreq(ctx))),
      (ctx) => num(sweep(ctx).stopHz),
    )
    .setting(
      'PIM:SWEep:STEP',
      act((ctx) => void (settings.stepHz = ctx.args.expect(1).number(0, 1e3, txHigh - txLow))),
      () => num(settings.stepHz),
    )
    .setting(
      'PIM:SWEep:COUNt',
      act((ctx) => void (settings.count = ctx.args.expect(1).integer(0, 1, 10))),
      () => String(settings.count),
    )
    .setting(
      'PIM:RF',
      act((ctx) => void (settings.rfOn = ctx.args.expect(1).boolean(0))),
      () => (settings.rfOn ? '1' : '0'),
    );
  for (const header of ['INITiate', 'INITiate:IMMediate']) {
    server.table.on(
      header,
      act((ctx) => {
        if (!settings.rfOn) throw SIM_ERRORS.settingsConflict('RF is off');
        const planned = planReadings(settings, pim);
        const conditions = {
          carrierDbm: (settings.carriers[0] as { powerDbm: number }).powerDbm,
          order: settings.order,
          forward: settings.forward,
        };
        const rows: number[] = [];
        let worst = { dBm: -Infinity, imHz: 0 };
        let peakDbm = -Infinity;
        for (const r of planned) {
          const samples = Array.from({ length: SAMPLES_PER_READING }, () =>
            pimReadingDbm(pim, { ...conditions, imFreqHz: r.imHz }, random),
          );
          const dBm = 10 * Math.log10(samples.reduce((sum, s) => sum + 10 ** (s / 10), 0) / samples.length);
          rows.push(r.f1Hz, r.f2Hz, r.imHz, dBm);
          if (dBm > worst.dBm) worst = { dBm, imHz: r.imHz };
          peakDbm = Math.max(peakDbm, ...samples);
        }
        result = { rows, worst, peakDbm };
        server.startOperation(
          planned.length * (settings.swept ? pim.stepMs : FIXED_READING_MS),
          ctx.connection,
        );
      }),
    );
  }
  // FETCh waits for the test in progress, as a fetch does on a real analyzer.
  server.table
    .on('FETCh:PIM?', async () => {
      await server.whenIdle();
      if (!result) throw SIM_ERRORS.dataStale();
      const carrierDbm = (settings.carriers[0] as { powerDbm: number }).powerDbm;
      return [result.worst.dBm, result.worst.dBm - carrierDbm, result.worst.imHz, result.peakDbm]
        .map(num)
        .join(',');
    })
    .on('FETCh:PIM:TRACe?', async () => {
      await server.whenIdle();
      if (!result) throw SIM_ERRORS.dataStale();
      return server.numbers(result.rows);
    });
}
