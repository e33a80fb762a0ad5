/**
 * Sample data of the PDF specs and the benchmark (not part of the build: testing/ folders are
 * skipped): an instrument-like screenshot as a real PNG, and a 50-step run with headings, failed
 * steps and a trace.
 */
import { deflateSync } from 'node:zlib';
import type { RunOriginReport, StepResult } from '@sweepline/domain';
import { NOT_RECORDED_ORIGIN, Verdict } from '@sweepline/domain';
import type { ReportPdfData } from '../render/report-data';

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG of `raw` rows (each starting with its filter byte) and extra chunks (PLTE, tRNS) before IDAT. */
export function encodePng(
  width: number,
  height: number,
  colorType: number,
  bitDepth: number,
  raw: Uint8Array,
  chunks: [string, Uint8Array][] = [],
): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([bitDepth, colorType, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...chunks.map(([type, data]) => chunk(type, data)),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/**
 * A PNG like an analyzer's screen: dark background, a grid and a yellow trace. With `alpha`
 * it is RGBA (colour type 6, as some screen grabbers save) with that alpha everywhere; otherwise
 * RGB (colour type 2).
 */
export function screenshotPng(width = 800, height = 480, alpha?: number): Buffer {
  const channels = alpha === undefined ? 3 : 4;
  const stride = width * channels + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    for (let x = 0; x < width; x++) {
      const curve = Math.round(height * 0.45 + height * 0.25 * Math.sin((x / width) * 6.3));
      const grid = x % Math.ceil(width / 10) === 0 || y % Math.ceil(height / 8) === 0;
      const rgb = Math.abs(y - curve) <= 1 ? [250, 220, 40] : grid ? [70, 70, 80] : [12, 14, 24];
      raw.set(alpha === undefined ? rgb : [...rgb, alpha], row + 1 + x * channels);
    }
  }
  return encodePng(width, height, alpha === undefined ? 2 : 6, 8, raw);
}

/**
 * `count` step results in sections of ten (a heading row each), every seventh judged step failed,
 * with long descriptions now and then; the run fails when a step did.
 */
export function sampleSteps(count = 50): StepResult[] {
  const steps: StepResult[] = [];
  for (let i = 0; steps.length < count; i++) {
    if (i % 10 === 0) {
      steps.push({
        title: `Section ${i / 10 + 1}: pass band ${700 + i * 10} - ${900 + i * 10} MHz`,
        isHeader: true,
        lower: null,
        upper: null,
        value: null,
        unit: '',
        result: 1,
      });
      continue;
    }
    const fail = i % 7 === 3;
    const long = i % 9 === 4;
    steps.push({
      title: long
        ? `Insertion Loss Max - S21 (${700 + i} - ${900 + i} MHz) measured after the thermal soak with the lid closed and the fixture clamped`
        : `Gain Max - S21 (${700 + i} - ${900 + i} MHz)`,
      isHeader: false,
      lower: i % 3 === 0 ? null : -3 + i / 100,
      upper: 1.5,
      value: fail ? 2.0314159 : 0.8199999928474426 + i / 1000,
      unit: 'dB',
      result: fail ? 0 : 1,
    });
  }
  return steps;
}

/** A trace of `points` points from 700 to 900 MHz: a pass band with ripple. */
export function sampleTrace(stepIndex: number, points = 1601) {
  const freqs_MHz: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < points; i++) {
    const f = 700 + (200 * i) / Math.max(1, points - 1);
    freqs_MHz.push(f);
    values.push(-0.6 - 0.3 * Math.cos((f - 700) / 9) - 2 * Math.exp(-((f - 890) ** 2) / 40));
  }
  return { stepIndex, freqs_MHz, values };
}

/** A lab PC's network analyzer (due soon at the run), PIM analyzer and two calibrations. */
export function sampleOrigin(over: Partial<RunOriginReport> = {}): RunOriginReport {
  return {
    recorded: true,
    station: 'LAB-PC-07',
    runnerVersion: '0.9.0',
    measuredOverdue: false,
    instruments: [
      {
        id: 1,
        role: 'network_analyzer',
        vendor: 'Keysight Technologies',
        model: 'E5071C',
        serial: 'MY46105536',
        firmware: 'B.14.10',
        stateAtRun: 'due',
        dueOn: '2025-12-10',
      },
      {
        id: 2,
        role: 'pim_analyzer',
        vendor: 'Rosenberger',
        model: 'PIM Analyzer 900',
        serial: 'PA-0042',
        firmware: null,
        stateAtRun: 'valid',
        dueOn: '2026-06-30',
      },
    ],
    calibrations: [
      {
        id: 11,
        kind: 'ecal',
        ecalSerial: 'N4431B-MY12345',
        ports: '1-2',
        startMHz: 500,
        stopMHz: 700.5,
        madeAt: '2025-11-23T06:30:00.000Z',
        madeBy: 'Olive Operator',
        instrumentId: 1,
        ageSeconds: 9723,
        stepNos: [2, 3, 4, 5, 7, 9, 10],
      },
      {
        id: 12,
        kind: 'mechanical',
        ecalSerial: null,
        ports: '1',
        startMHz: 800,
        stopMHz: 1000,
        madeAt: '2025-11-22T06:00:00.000Z',
        madeBy: 'Eli Editor',
        instrumentId: 1,
        ageSeconds: 97_923,
        stepNos: [12],
      },
    ],
    ...over,
  };
}

let defaultScreen: Buffer | undefined;
const screen = () => (defaultScreen ??= screenshotPng());

/** The benchmark's report: 50 steps, two screenshots and a trace. */
export function sampleReport(over: Partial<ReportPdfData> = {}): ReportPdfData {
  const steps = over.steps ?? sampleSteps(50);
  const judged = steps.findIndex((s) => !s.isHeader);
  return {
    productName: 'F-200 Cavity Filter',
    model: 'F200-B',
    sn: 'A-1',
    testName: 'Pass band',
    stageNo: 2,
    testNo: 1,
    seqVersion: 7,
    release: { no: 7, at: '2025-11-22T20:00:00.000Z', note: 'Tighter insertion loss', newestNo: 7 },
    runNo: 3,
    operator: 'Olive Operator',
    startTime: new Date('2025-11-23T09:12:03.114Z'),
    zoneOffset: 5.5,
    result: steps.some((s) => !s.isHeader && s.result === 0) ? Verdict.Failed : Verdict.Passed,
    steps,
    traces: [sampleTrace(judged)],
    screenshots: over.screenshots ?? [
      { stepIndex: judged, fileName: 'IL.png', contentType: 'image/png', data: screen() },
      { stepIndex: judged + 1, fileName: 'Gain.png', contentType: 'image/png', data: screen() },
    ],
    origin: NOT_RECORDED_ORIGIN,
    ...over,
  };
}
