import type { GatingShape, GatingType } from '@sweepline/domain';
import type { ByteOrder, DataFormat } from '../transport/scpi-data';
import type { ScpiSession } from '../transport/scpi-session';
import type { Identity } from './identity';

/**
 * What the runner asks of any network analyzer (docs/instruments.md, "Families and drivers").
 * Channels and traces are numbered from 1; a trace number is its place in the list given to
 * setupTraces. Every failure is an InstrumentError naming the instrument and the command.
 */
export type NaFamily = 'ena' | 'pna' | 'znb';

/** Display formats: Log Mag (dB), phase (degrees, wrapped), group delay (s), SWR, unwrapped phase. */
export type TraceFormat = 'logMag' | 'phase' | 'groupDelay' | 'swr' | 'unwrappedPhase';

export interface Gate {
  readonly type: GatingType;
  readonly shape: GatingShape;
  readonly startS: number;
  readonly stopS: number;
}

/** The stimulus of one channel: a linear sweep. */
export interface ChannelSetup {
  readonly startHz: number;
  readonly stopHz: number;
  readonly points: number;
  readonly ifbwHz: number;
  readonly powerDbm: number;
  /** Sweeps averaged per measurement; 1 turns averaging off. */
  readonly averages: number;
  /** Test ports the channel uses (the PNA sets the power of each); default 1 and 2. */
  readonly ports?: readonly number[];
}

export interface TraceSetup {
  /** `S21` and so on. */
  readonly sParam: string;
  readonly format: TraceFormat;
  /** Smoothing aperture in % of the span; 0 or absent turns smoothing off. */
  readonly smoothingPct?: number;
  /** The analyzer's own time gate; absent turns it off. */
  readonly gate?: Gate;
}

export interface ComplexData {
  readonly re: Float64Array;
  readonly im: Float64Array;
}

/** A file made on the instrument and copied to the runner (then deleted on the instrument). */
export interface FileTransfer {
  readonly fileName: string;
  readonly data: Buffer;
}

/** OTHER: a step of a PNA guided calibration whose description names none of the others. */
export type CalibrationStandard = 'OPEN' | 'SHORT' | 'LOAD' | 'THRU' | 'ECAL' | 'OTHER';

/** One connection the operator makes during a calibration. */
export interface CalibrationStep {
  /** 1-based, of `count`. */
  readonly index: number;
  readonly count: number;
  readonly standard: CalibrationStandard;
  readonly ports: readonly number[];
  /** What to tell the operator: 'Connect OPEN to port 1'. */
  readonly prompt: string;
}

export interface CalibrationRequest {
  /** Test ports to calibrate, ascending. */
  readonly ports: readonly number[];
  /** A response (thru) calibration between two ports instead of full SOLT (calibration type 5). */
  readonly thruOnly?: boolean;
  /** Mechanical standards one at a time, or an electronic calibration unit. */
  readonly method: 'mechanical' | 'ecal';
  /** PNA guided calibration: the test-port connector and the kit (default 'APC 3.5 female', '85052D'). */
  readonly connector?: string;
  readonly calKit?: string;
  /**
   * Called before each measurement; resolve once the operator has connected the standard.
   * Rejecting stops the calibration (nothing is saved) and the rejection is passed on.
   */
  readonly onStep: (step: CalibrationStep) => Promise<void>;
}

/** One channel of a smart calibration: its ports, full or thru only. */
export interface ChannelCalibration {
  readonly channel: number;
  readonly ports: readonly number[];
  readonly thruOnly?: boolean;
}

export interface SweepOptions {
  /** Time for the sweep and its *OPC?; default 5 s + twice the expected sweep time. */
  readonly timeoutMs?: number;
}

export interface NetworkAnalyzer {
  readonly kind: 'network-analyzer';
  readonly family: NaFamily;
  readonly identity: Identity;
  readonly session: ScpiSession;
  /** Trace transfer format; REAL,64 little-endian (SWAP) unless changed. */
  setTransferFormat(format: DataFormat, byteOrder?: ByteOrder): Promise<void>;
  preset(): Promise<void>;
  /** Checks that channel `channels` with `traces` traces can be defined (the FAQ's 16 channels 16 traces). */
  checkChannelCapacity(channels?: number, traces?: number): Promise<void>;
  /**
   * Defines the channel's traces (1 to 16; they replace any before), then its stimulus. Traces
   * come first because PNA and ZNB channels exist only once they hold a trace.
   */
  setupChannel(channel: number, setup: ChannelSetup, traces: readonly TraceSetup[]): Promise<void>;
  /** One sweep of each channel named (averaging included), waiting for its completion. */
  sweep(channels: number | readonly number[], options?: SweepOptions): Promise<void>;
  formattedData(channel: number, trace: number): Promise<Float64Array>;
  complexData(channel: number, trace: number): Promise<ComplexData>;
  frequencies(channel: number): Promise<Float64Array>;
  setMarker(channel: number, trace: number, marker: number, freqHz: number): Promise<void>;
  markerValue(channel: number, trace: number, marker: number): Promise<number>;
  screenshot(channel: number, fileName?: string): Promise<FileTransfer>;
  saveSnp(channel: number, ports: readonly number[], fileName?: string): Promise<FileTransfer>;
  calibrate(channel: number, request: CalibrationRequest): Promise<void>;
  /**
   * Smart calibration (docs/requirements/runner.md#smart-calibration): calibrates every channel named, asking for each physical
   * connection once and measuring it on every channel that uses it (`onStep` numbers the
   * connections, not the standards). A family whose calibration engine decides the order itself
   * (the PNA's guided mechanical calibration) calibrates its channels one after another.
   */
  calibrateChannels(
    channels: readonly ChannelCalibration[],
    request: Omit<CalibrationRequest, 'ports' | 'thruOnly'>,
  ): Promise<void>;
  saveState(fileName: string): Promise<void>;
  recallState(fileName: string): Promise<void>;
  saveCalibration(channel: number, name: string): Promise<void>;
  recallCalibration(channel: number, name: string): Promise<void>;
  close(): Promise<void>;
}
