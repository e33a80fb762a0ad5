import { addReceiverNoise } from '../models/noise';
import { formatTrace, smooth } from './vna-format';
import { gatedPairs } from './vna-gate';
import type { SimChannel, SimTrace } from './vna-channel';
import type { VnaState } from './vna-state';

/** Fixed time per sweep for retrace and band switching, ms. */
const SWEEP_OVERHEAD_MS = 2;
/** Test-port cables before calibration: loss at 1 GHz (dB, ∝ √f) and one-way delay. */
const PORT_CABLE_LOSS_DB_AT_1GHZ = 0.6;
const PORT_CABLE_DELAY_S = 2.5e-9;
/** Raw directivity before calibration, so an uncorrected S11 shows the usual ripple. */
const RAW_DIRECTIVITY = 0.03;

/** The stimulus of a linear sweep, start to stop inclusive. */
export function frequencies(channel: SimChannel): Float64Array {
  const { startHz, stopHz, points } = channel;
  const step = points > 1 ? (stopHz - startHz) / (points - 1) : 0;
  return Float64Array.from({ length: points }, (_, k) => startHz + k * step);
}

/** A sweep takes points/IFBW per source port (INSTRUMENTS.md section 6), times the averages. */
export function sweepMs(channel: SimChannel): number {
  const sources = new Set(channel.traces.map((t) => t.into)).size || 1;
  const repeats = (channel.averaging ? channel.averages : 1) * channel.sweepCount;
  return ((channel.points / channel.ifbwHz) * 1000 + SWEEP_OVERHEAD_MS) * sources * repeats;
}

/** One S parameter as the receivers see it: device, raw test-port errors unless corrected, noise. */
export function measurePair(state: VnaState, channel: SimChannel, out: number, into: number): Float64Array {
  const freqs = frequencies(channel);
  const pairs = state.network.trace(out, into, freqs);
  if (!channel.corrected) applyRawErrors(pairs, freqs, out === into);
  addReceiverNoise(pairs, channel.ifbwHz, channel.averaging ? channel.averages : 1, state.random);
  return pairs;
}

/**
 * Takes a sweep of every trace of each channel and returns how long that takes, ms. A gate the
 * sweep cannot resolve is refused here (-221), so the error follows the sweep command rather than
 * a later data query, which an instrument leaves unanswered when it refuses it.
 */
export function sweepChannels(state: VnaState, channels: readonly SimChannel[]): number {
  for (const channel of channels) {
    for (const trace of channel.traces) {
      trace.data = measurePair(state, channel, trace.out, trace.into);
      displayedData(state, channel, trace);
    }
  }
  return channels.reduce((ms, channel) => ms + sweepMs(channel), 0);
}

/** The trace's data, sweeping it first if it has none (a continuously sweeping instrument). */
function traceData(state: VnaState, channel: SimChannel, trace: SimTrace): Float64Array {
  if (!trace.data || trace.data.length !== channel.points * 2) {
    trace.data = measurePair(state, channel, trace.out, trace.into);
  }
  return trace.data;
}

/** The trace's data after its time gate, when the gate is on: what SDATA and FDATA return. */
export function displayedData(state: VnaState, channel: SimChannel, trace: SimTrace): Float64Array {
  const data = traceData(state, channel, trace);
  return trace.gate.on ? gatedPairs(data, frequencies(channel), trace.gate) : data;
}

/**
 * Uncorrected test ports: each path gains the loss and delay of the port cables it crosses
 * (twice for a reflection), and a reflection picks up the raw directivity as well.
 */
function applyRawErrors(pairs: Float64Array, freqs: Float64Array, reflection: boolean): void {
  for (let k = 0; k < freqs.length; k++) {
    const f = freqs[k] as number;
    const lossDb = PORT_CABLE_LOSS_DB_AT_1GHZ * Math.sqrt(f / 1e9);
    const gain = 10 ** (-lossDb / 20);
    const theta = -2 * Math.PI * f * 2 * PORT_CABLE_DELAY_S;
    const re = pairs[2 * k] as number;
    const im = pairs[2 * k + 1] as number;
    const c = Math.cos(theta) * gain;
    const s = Math.sin(theta) * gain;
    pairs[2 * k] = re * c - im * s + (reflection ? RAW_DIRECTIVITY * Math.cos(theta / 7) : 0);
    pairs[2 * k + 1] = re * s + im * c + (reflection ? RAW_DIRECTIVITY * Math.sin(theta / 7) : 0);
  }
}

/** The trace as displayed: formatted, then smoothed when smoothing is on. */
export function formattedValues(state: VnaState, channel: SimChannel, trace: SimTrace): Float64Array {
  const values = formatTrace(displayedData(state, channel, trace), frequencies(channel), trace.format);
  return trace.smoothing ? smooth(values, trace.aperturePct) : values;
}
