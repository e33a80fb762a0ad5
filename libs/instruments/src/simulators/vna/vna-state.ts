import { Random } from '../models/prng';
import { TestPortNetwork } from '../models/network';
import type { ConnectedUnit } from '../demo/unit-routes';
import type { DeviceSpec, SimConfig } from '../sim-config';
import { SIM_ERRORS } from '../scpi/sim-error';
import type { SimChannel, SimTrace } from './vna-channel';

/** Range limits that differ between families (from their data sheets). */
export interface VnaLimits {
  readonly minHz: number;
  readonly maxHz: number;
  readonly maxPoints: number;
  readonly minIfbwHz: number;
  readonly maxIfbwHz: number;
  readonly minPowerDbm: number;
  readonly maxPowerDbm: number;
  readonly maxAverages: number;
  readonly maxAperturePct: number;
}

/**
 * The settings and data of a simulated network analyzer, shared by the three families: what
 * differs between ENA, PNA and ZNB is the command tree in front of it, not the instrument.
 */
export class VnaState {
  readonly channels = new Map<number, SimChannel>();
  /** The instrument's disk: screenshots, SnP files, states and calibrations, by name. */
  readonly files = new Map<string, Buffer>();
  /** What the test ports see: the configured devices, or the unit the runner connected (`:SIM:DUT`). */
  network: TestPortNetwork;
  random: Random;
  private unit: ConnectedUnit | undefined;
  maxChannels: number;
  maxTraces: number;
  private measurementCount = 0;

  constructor(
    readonly config: SimConfig,
    readonly limits: VnaLimits,
    private readonly channelsAlwaysExist: boolean,
  ) {
    this.network = new TestPortNetwork(config.ports, config.devices);
    this.random = new Random(config.seed);
    this.maxChannels = config.maxChannels;
    this.maxTraces = config.maxTraces;
  }

  /**
   * Channel `n`; -114 beyond the channel maximum. ENA channels always exist (they are only shown
   * or not); PNA and ZNB channels exist once a trace is defined on them (`create`).
   */
  channel(n: number, create = this.channelsAlwaysExist): SimChannel {
    if (n < 1 || n > this.maxChannels) throw SIM_ERRORS.suffixOutOfRange();
    let channel = this.channels.get(n);
    if (!channel) {
      if (!create) throw SIM_ERRORS.suffixOutOfRange();
      channel = presetChannel(n);
      this.channels.set(n, channel);
      // An ENA channel is never empty: its preset has trace 1 measuring S11.
      if (this.channelsAlwaysExist) this.addTrace(channel, 'Tr1', 'S11');
    }
    return channel;
  }

  /** Adds a trace; -222 beyond the trace maximum of a channel. */
  addTrace(channel: SimChannel, name: string, sParam: string): SimTrace {
    if (channel.traces.length >= this.maxTraces)
      throw SIM_ERRORS.outOfRange(`at most ${this.maxTraces} traces per channel`);
    const [out, into] = this.parseSParam(sParam);
    const trace: SimTrace = {
      name,
      number: ++this.measurementCount,
      out,
      into,
      format: 'MLOG',
      smoothing: false,
      aperturePct: 1.5,
      gate: { on: false, startS: -10e-9, stopS: 10e-9, type: 'BPAS', shape: 'NORM' },
      markers: new Map(),
      data: undefined,
    };
    channel.traces.push(trace);
    channel.active = channel.traces.length - 1;
    return trace;
  }

  activeTrace(channel: SimChannel): SimTrace {
    const trace = channel.traces[channel.active];
    if (!trace) throw SIM_ERRORS.settingsConflict(`channel ${channel.number} has no trace`);
    return trace;
  }

  /** A named trace anywhere (PNA measurements and ZNB traces have instrument-wide names). */
  findTrace(name: string): { channel: SimChannel; trace: SimTrace } | undefined {
    for (const channel of this.channels.values()) {
      const trace = channel.traces.find((t) => t.name === name);
      if (trace) return { channel, trace };
    }
    return undefined;
  }

  /** `S21` → [2, 1]; ports beyond the instrument's are refused. */
  parseSParam(text: string): [number, number] {
    const match = /^S(\d)(\d)$/i.exec(text.replace(/['"]/g, '').trim());
    if (!match) throw SIM_ERRORS.illegalValue();
    const out = Number(match[1]);
    const into = Number(match[2]);
    if (out < 1 || into < 1 || out > this.config.ports || into > this.config.ports)
      throw SIM_ERRORS.illegalValue();
    return [out, into];
  }

  /** The runner's unit on the test ports; a new unit restarts the noise from its own seed. */
  connectUnit(unit: ConnectedUnit, devices: readonly DeviceSpec[]): void {
    if (unit !== this.unit) this.random = new Random(unit.seed);
    this.unit = unit;
    this.network = new TestPortNetwork(this.config.ports, devices);
  }

  preset(): void {
    this.channels.clear();
    this.measurementCount = 0;
  }
}

/** Preset: 300 kHz to 3 GHz, 201 points, 70 kHz IFBW, 0 dBm, continuous sweep, no trace. */
function presetChannel(number: number): SimChannel {
  return {
    number,
    startHz: 300e3,
    stopHz: 3e9,
    points: 201,
    ifbwHz: 70e3,
    powerDbm: 0,
    averaging: false,
    averages: 16,
    sweepCount: 1,
    continuous: true,
    traces: [],
    active: 0,
    corrected: false,
    collection: undefined,
  };
}
