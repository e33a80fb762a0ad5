import { writeTouchstone } from '@sweepline/domain';
import type { TouchstoneFormat } from '@sweepline/domain';
import { crc32, deflateSync } from 'node:zlib';
import { SIM_ERRORS } from '../scpi/sim-error';
import { formattedValues, frequencies, measurePair } from './vna-measure';
import type { SimChannel } from './vna-channel';
import type { VnaState } from './vna-state';

/**
 * Files the simulated analyzer writes to its disk and hands over with MMEM:TRAN? / MMEM:DATA?:
 * a PNG of the active trace, Touchstone files of measured S parameters, and saved states and
 * calibrations, which are JSON here (the real ones are opaque binaries).
 */
const WIDTH = 400;
const HEIGHT = 240;

/** A real PNG (8-bit grey) of the channel's active trace on a 10 × 8 grid. */
export function screenshotPng(state: VnaState, channel: SimChannel): Buffer {
  const pixels = Buffer.alloc(HEIGHT * (WIDTH + 1));
  const set = (x: number, y: number, grey: number) => {
    if (x >= 0 && x < WIDTH && y >= 0 && y < HEIGHT) pixels[y * (WIDTH + 1) + 1 + x] = grey;
  };
  for (let x = 0; x < WIDTH; x += WIDTH / 10) for (let y = 0; y < HEIGHT; y++) set(x, y, 70);
  for (let y = 0; y < HEIGHT; y += HEIGHT / 8) for (let x = 0; x < WIDTH; x++) set(x, y, 70);
  const trace = channel.traces[channel.active];
  if (trace) {
    const values = formattedValues(state, channel, trace);
    const min = Math.min(...values);
    const span = Math.max(...values) - min || 1;
    for (let x = 0; x < WIDTH; x++) {
      const value = values[Math.round((x / (WIDTH - 1)) * (values.length - 1))] as number;
      set(x, Math.round((HEIGHT - 1) * (1 - (value - min) / span)), 255);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** A Touchstone file of the full S matrix among `ports`, measured now with the channel's settings. */
export function touchstoneFile(
  state: VnaState,
  channel: SimChannel,
  ports: readonly number[],
  format: TouchstoneFormat,
): Buffer {
  const data = ports.map((out) =>
    ports.map((into) => {
      const pairs = measurePair(state, channel, out, into);
      return {
        re: Array.from({ length: channel.points }, (_, k) => pairs[2 * k] as number),
        im: Array.from({ length: channel.points }, (_, k) => pairs[2 * k + 1] as number),
      };
    }),
  );
  const text = writeTouchstone(
    {
      ports: ports.length,
      freqs_Hz: Array.from(frequencies(channel)),
      data,
      parameter: 'S',
      z0: ports.map(() => 50),
      comments: [`Sweepline simulator, channel ${channel.number}, ports ${ports.join(',')}`],
    },
    { format },
  );
  return Buffer.from(text, 'utf8');
}

/** The instrument's setup with every channel's calibration state, as a state file. */
export function saveStateFile(state: VnaState, name: string): void {
  const channels = [...state.channels.values()].map((c) => ({
    ...c,
    collection: undefined,
    traces: c.traces.map((t) => ({ ...t, data: undefined, markers: [...t.markers] })),
  }));
  state.files.set(name, Buffer.from(JSON.stringify({ kind: 'state', channels })));
}

export function loadStateFile(state: VnaState, name: string): void {
  const saved = readJson(state, name, 'state') as {
    channels: (SimChannel & { traces: { markers: [number, { on: boolean; xHz: number }][] }[] })[];
  };
  state.preset();
  for (const channel of saved.channels) {
    state.channels.set(channel.number, {
      ...channel,
      traces: channel.traces.map((t) => ({ ...t, markers: new Map(t.markers) })),
    } as SimChannel);
  }
}

export function saveCalFile(state: VnaState, channel: SimChannel, name: string): void {
  if (!channel.corrected) throw SIM_ERRORS.settingsConflict(`channel ${channel.number} is not calibrated`);
  state.files.set(
    name,
    Buffer.from(
      JSON.stringify({
        kind: 'cal',
        startHz: channel.startHz,
        stopHz: channel.stopHz,
        points: channel.points,
      }),
    ),
  );
}

export function loadCalFile(state: VnaState, channel: SimChannel, name: string): void {
  readJson(state, name, 'cal');
  channel.corrected = true;
}

export function readFile(state: VnaState, name: string): Buffer {
  const file = state.files.get(name);
  if (!file) throw SIM_ERRORS.fileNotFound();
  return file;
}

function readJson(state: VnaState, name: string, kind: 'state' | 'cal'): unknown {
  const parsed = JSON.parse(readFile(state, name).toString('utf8')) as { kind?: string };
  if (parsed.kind !== kind) throw SIM_ERRORS.execution(`${name} is not a ${kind} file`);
  return parsed;
}
