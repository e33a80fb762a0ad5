import { CommanderError } from 'commander';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  announceUnit,
  connectInstrument,
  DEFAULT_IDN,
  InstrumentError,
  simIdn,
} from '@sweepline/instruments';
import type { NetworkAnalyzer } from '@sweepline/instruments';
import { UsageError } from '../exit-codes';
import { createProgram } from '../program';
import { loadConfig } from '../sim/run-simulators';
import { parseDriftOption, parseIdnOption } from '../sim/sim-options';
import type { SimOutput } from './sim';
import { simAction } from './sim';

const TRANSPORT = { transport: { queryTimeoutMs: 500, connectTimeoutMs: 500 } };

/** Runs the command's action in-process; `stop()` plays Ctrl+C. */
function startAction(options: Parameters<typeof simAction>[0]) {
  const out: string[] = [];
  const err: string[] = [];
  const output: SimOutput = { out: (line) => out.push(line), err: (line) => err.push(line) };
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const done = simAction(options, output, () => stopped);
  const resources = async () => {
    while (out.length === 0 && err.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    return out.map((line) => line.split('\t')[1] as string);
  };
  return { out, err, resources, stop: () => (stop(), done) };
}

function configFile(content: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'sweepline-sim-')), 'sim.json');
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('sweepline sim', () => {
  it('starts a simulator per family, prints their resource strings, and stops on Ctrl+C', async () => {
    const run = startAction({ families: ['ena', 'pim'], port: 0, host: '127.0.0.1' });
    const [ena, pim] = await run.resources();
    expect(run.out[0]).toMatch(/^ena\tTCPIP0::127\.0\.0\.1::\d+::SOCKET\tKeysight Technologies,E5071C,/);
    expect(run.err).toEqual(['2 simulators running. Ctrl+C stops them.']);
    const instrument = await connectInstrument(pim as string, TRANSPORT);
    expect(instrument.kind).toBe('pim-analyzer');
    await instrument.close();
    await run.stop();
    expect(run.err[1]).toBe('Simulators stopped.');
    await expect(connectInstrument(ena as string, TRANSPORT)).rejects.toMatchObject({ kind: 'connect' });
  });

  it('puts the devices of a config file on the ports, and starts with the fault asked for', async () => {
    const config = configFile({
      timeScale: 0,
      devices: [{ model: 'attenuator', ports: [1, 2], attenuationDb: 20 }],
    });
    const run = startAction({ families: ['znb'], port: 0, host: '127.0.0.1', config });
    const [znb] = await run.resources();
    const na = (await connectInstrument(znb as string, TRANSPORT)) as NetworkAnalyzer;
    await na.setupChannel(
      1,
      { startHz: 1e9, stopHz: 2e9, points: 11, ifbwHz: 1e4, powerDbm: 0, averages: 1 },
      [{ sParam: 'S21', format: 'logMag' }],
    );
    await na.calibrate(1, { ports: [1, 2], method: 'ecal', onStep: async () => undefined });
    await na.sweep(1);
    for (const value of await na.formattedData(1, 1)) expect(value).toBeCloseTo(-20, 1);
    await na.close();
    await run.stop();

    const faulty = startAction({ families: ['ena'], port: 0, host: '127.0.0.1', fault: { kind: 'NOREPLY' } });
    const [ena] = await faulty.resources();
    expect(faulty.err[0]).toBe('1 simulator running with fault NOREPLY. Ctrl+C stops them.');
    const error = await connectInstrument(ena as string, TRANSPORT).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InstrumentError);
    expect(error).toMatchObject({ kind: 'timeout', command: '*IDN?' });
    await faulty.stop();
  });

  it('refuses a config file it cannot read or use, saying why', () => {
    expect(() => loadConfig({ config: '/nonexistent/sim.json' })).toThrow(UsageError);
    expect(() => loadConfig({ config: '/nonexistent/sim.json' })).toThrow(
      /^Cannot read the config file \/nonexistent\/sim\.json: ENOENT/,
    );
    expect(() => loadConfig({ config: configFile('{ not json') })).toThrow(/is not usable: .*JSON/);
    expect(() => loadConfig({ config: configFile({ ports: 9 }) })).toThrow(
      /is not usable: config\.ports: must be an integer from 1 to 4, not 9$/,
    );
    expect(loadConfig({ timeScale: 0, fault: { kind: 'DROP' } })).toMatchObject({
      timeScale: 0,
      fault: { kind: 'DROP' },
    });
  });

  it("plays the demo products' units unless the config or --no-demo says otherwise", () => {
    expect(loadConfig({}).demoUnits).toBe(true);
    expect(loadConfig({ demo: false }).demoUnits).toBe(false);
    const off = configFile({ demoUnits: false });
    expect(loadConfig({ config: off }).demoUnits).toBe(false);
    expect(loadConfig({ config: off, demo: true }).demoUnits).toBe(true);
    expect(() => loadConfig({ config: configFile({ demoUnits: 'yes' }) })).toThrow(
      /config\.demoUnits: must be true or false$/,
    );
  });

  it('drifts as --drift says, over the config file, and says so when it starts', async () => {
    const drift = parseDriftOption('Insertion-Loss:0.02');
    expect(drift).toEqual({ parameter: 'insertion-loss', step: 0.02 });
    const file = configFile({ drift: 'return-loss:-0.5' });
    expect(loadConfig({ config: file }).drift).toEqual({ parameter: 'return-loss', step: -0.5 });
    expect(loadConfig({ config: file, drift }).drift).toEqual(drift);
    expect(loadConfig({}).drift).toBeUndefined();
    expect(() => loadConfig({ config: configFile({ drift: 'return-loss:9' }) })).toThrow(
      /is not usable: config\.drift: must be <parameter>:<step per unit>, the parameter one of insertion-loss/,
    );
    const run = startAction({ families: ['ena'], port: 0, host: '127.0.0.1', drift });
    const [ena] = await run.resources();
    expect(run.err).toEqual([
      '1 simulator running, drifting insertion loss +0.02 dB a unit. Ctrl+C stops them.',
    ]);
    // the runner's announcements of three units, the first again last: each keeps its place
    const instrument = await connectInstrument(ena as string, TRANSPORT);
    for (const serial of ['U-1', 'U-2', 'U-3', 'U-1'])
      await announceUnit(instrument, { product: 'BPF-600', serial });
    await instrument.session.query('*OPC?');
    await instrument.close();
    await run.stop();
    expect(run.err.slice(1)).toEqual([
      expect.stringMatching(/^ena: BPF-600 U-1 connected \(good; insertion loss \+0 dB\)$/),
      expect.stringMatching(/^ena: BPF-600 U-2 connected \(\w[\w ]*; insertion loss \+0\.02 dB\)$/),
      expect.stringMatching(/^ena: BPF-600 U-3 connected \(\w[\w ]*; insertion loss \+0\.04 dB\)$/),
      'ena: BPF-600 U-1 connected (good; insertion loss +0 dB)',
      'Simulators stopped.',
    ]);
  });

  it('answers *IDN? with the identity --idn gives a family, the config file or the default the others', async () => {
    const idn = parseIdnOption('ena=Keysight Technologies,E5071C,MY46100001,B.13.10', undefined);
    const config = loadConfig({ config: configFile({ idn: 'Acme,Box,7,1.0' }), idn });
    expect([simIdn(config, 'ena'), simIdn(config, 'pim')]).toEqual([
      'Keysight Technologies,E5071C,MY46100001,B.13.10',
      'Acme,Box,7,1.0',
    ]);
    expect(simIdn(loadConfig({ idn }), 'znb')).toBe(DEFAULT_IDN.znb);
    const run = startAction({ families: ['ena', 'pim'], port: 0, host: '127.0.0.1', idn });
    await run.resources();
    expect(run.out.map((line) => line.split('\t')[2])).toEqual([
      'Keysight Technologies,E5071C,MY46100001,B.13.10,Sweepline simulator',
      `${DEFAULT_IDN.pim},Sweepline simulator`,
    ]);
    await run.stop();
  });

  it('refuses a port range past 65535, and a port in use', async () => {
    await expect(simAction({ families: ['ena', 'pna'], port: 65535, host: '127.0.0.1' })).rejects.toThrow(
      new UsageError('2 simulators from port 65535 would pass port 65535.'),
    );
    const run = startAction({ families: ['ena'], port: 0, host: '127.0.0.1' });
    const [resource] = await run.resources();
    const port = Number((resource as string).split('::')[2]);
    await expect(simAction({ families: ['pim'], port, host: '127.0.0.1' })).rejects.toThrow(
      `Port ${port} on 127.0.0.1 is in use: choose another with --port, or --port 0 for free ports.`,
    );
    await run.stop();
  });
});

describe('sweepline sim arguments', () => {
  let stderr: jest.SpyInstance;

  beforeEach(() => {
    stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });

  afterEach(() => {
    stderr.mockRestore();
    delete process.env.SWEEPLINE_SIM_PORT;
    delete process.env.SWEEPLINE_SIM_DRIFT;
  });

  /** The CommanderError of a command line, and what commander printed. */
  async function refusal(args: string[]): Promise<{ error: CommanderError; printed: string }> {
    const error = await createProgram()
      .parseAsync(args, { from: 'user' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    if (!(error instanceof CommanderError)) throw new Error(`expected a refusal of ${args.join(' ')}`);
    return { error, printed: stderr.mock.calls.map((call) => String(call[0])).join('') };
  }

  it.each([
    [
      ['sim', '--family', 'xyz'],
      "argument 'xyz' is invalid. Unknown family 'xyz': choose from ena, pna, znb, pim.",
    ],
    [['sim', '-f', 'ena,,vna'], "Unknown family 'vna'"],
    [['sim', '--port', '70000'], "A port is a whole number from 0 to 65535 (0: any free port), not '70000'."],
    [['sim', '--port', '-1'], "not '-1'"],
    [
      ['sim', '--fault', 'LATE'],
      'Choose a fault from NONE, NOREPLY, ERROR, DROP, SLOW (or ERROR,<code> or SLOW,<seconds>).',
    ],
    [
      ['sim', '--drift', 'insertion-loss'],
      "argument 'insertion-loss' is invalid. Give a drift as <parameter>:<step per unit>, the parameter one of insertion-loss (dB, step from -1 to 1, not 0), return-loss (dB, step from -5 to 5, not 0), center-frequency (MHz, step from -10 to 10, not 0); like insertion-loss:0.01.",
    ],
    [['sim', '--drift', 'insertion-loss:0'], "argument 'insertion-loss:0' is invalid. Give a drift as"],
    [['sim', '--drift', 'insertion-loss:2'], "argument 'insertion-loss:2' is invalid. Give a drift as"],
    [['sim', '--drift', 'gain:0.1'], "argument 'gain:0.1' is invalid. Give a drift as"],
    [['sim', '--time-scale', 'fast'], "The time scale is a number from 0 (instant) to 1000, not 'fast'."],
    [['sim', '--colour'], "unknown option '--colour'"],
    [
      ['sim', '--idn', 'Acme,Box,1,1'],
      'Give a family and its answer, like ena=Keysight Technologies,E5071C,',
    ],
    [
      ['sim', '--idn', 'pim=Kaelus,iQA'],
      'pim: config.idn.pim: must be one line "maker,model,serial,firmware"',
    ],
  ])('refuses %j with a message (exit code 2)', async (args, message) => {
    const { error, printed } = await refusal(args);
    expect(error.exitCode).toBe(1);
    expect(printed).toContain(message);
    expect(printed).toContain('(add --help for usage)');
  });

  it('passes --drift from the command line to the simulators', async () => {
    const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const printed = () => stderr.mock.calls.map((call) => String(call[0])).join('');
    const done = createProgram().parseAsync(
      ['sim', '--family', 'ena', '--port', '0', '--drift', 'insertion-loss:0.01'],
      { from: 'user' },
    );
    while (!printed().includes('Ctrl+C')) await new Promise((resolve) => setTimeout(resolve, 5));
    process.emit('SIGINT');
    await done;
    stdout.mockRestore();
    expect(printed()).toContain('1 simulator running, drifting insertion loss +0.01 dB a unit.');
  });

  it('reads an option from its environment variable, with the same check', async () => {
    process.env.SWEEPLINE_SIM_PORT = 'abc';
    const { printed } = await refusal(['sim']);
    expect(printed).toContain("value 'abc' from env 'SWEEPLINE_SIM_PORT' is invalid");
    delete process.env.SWEEPLINE_SIM_PORT;
    process.env.SWEEPLINE_SIM_DRIFT = 'insertion-loss:fast';
    const drift = await refusal(['sim']);
    expect(drift.printed).toContain(
      "value 'insertion-loss:fast' from env 'SWEEPLINE_SIM_DRIFT' is invalid. Give a drift as",
    );
  });
});
