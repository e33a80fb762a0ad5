/**
 * The report's "Instruments and calibrations" section (issue 40, docs/api/pdf.md): the station and
 * runner version, the instruments with their calibration state at the run, and the calibrations
 * with the step results each measured; one line "…: not recorded" for a run that names none. A run
 * measured with an overdue instrument says so in the header (report-pdf.ts), where it is seen first.
 */
import type { CalibrationState, RunOriginReport } from '@sweepline/domain';
import {
  CALIBRATION_STATE_LABELS,
  FAIL_COLOR,
  formatDateTime,
  formatNumber,
  formatTimeInState,
  ORIGIN_MSG,
  ROLE_LABELS,
} from '@sweepline/domain';
import type { TextStyle } from './canvas';
import { hexColor } from './canvas';
import type { Flow } from './flow';
import { GREY, LEFT, ORANGE, WIDTH } from './flow';
import { fitText } from './layout';
import type { ListCell, ListColumn } from './list-table';
import { drawListTable } from './list-table';

export const ORIGIN_TITLE = 'Instruments and calibrations';

const HEADING: TextStyle = { size: 11, bold: true };
const LABEL: TextStyle = { size: 8.5, color: GREY };
const VALUE: TextStyle = { size: 10 };
const LABEL_WIDTH = 80;

const INSTRUMENT_COLUMNS: ListColumn[] = [
  { title: 'Role', width: 82 },
  { title: 'Instrument', width: 0 },
  { title: 'Serial number', width: 82 },
  { title: 'Firmware', width: 60 },
  { title: 'State at the run', width: 74 },
  { title: 'Due on', width: 56 },
];

const CALIBRATION_COLUMNS: ListColumn[] = [
  { title: 'Calibration', width: 105 },
  { title: 'Ports', width: 38 },
  { title: 'Range (MHz)', width: 72 },
  { title: 'Made at', width: 92 },
  { title: 'Made by', width: 70 },
  { title: 'Age', width: 52 },
  { title: 'Steps', width: 0, wrap: true },
];

const STATE_STYLES: Partial<Record<CalibrationState, TextStyle>> = {
  overdue: { size: 8.5, bold: true, color: hexColor(FAIL_COLOR) },
  due: { size: 8.5, bold: true, color: ORANGE },
};

/** 1-based step numbers as runs of consecutive ones: [3, 4, 5, 7] → '3-5, 7'. */
export function stepNumbers(nos: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < nos.length;) {
    let j = i;
    while (j + 1 < nos.length && nos[j + 1] === nos[j]! + 1) j++;
    parts.push(j === i ? String(nos[i]) : `${nos[i]}-${nos[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

function instrumentRows(origin: RunOriginReport): ListCell[][] {
  return origin.instruments.map((i) => [
    { text: ROLE_LABELS[i.role] },
    { text: `${i.vendor} ${i.model}` },
    { text: i.serial },
    { text: i.firmware ?? '-' },
    { text: CALIBRATION_STATE_LABELS[i.stateAtRun], style: STATE_STYLES[i.stateAtRun] },
    { text: i.dueOn ?? '-' },
  ]);
}

function calibrationRows(origin: RunOriginReport, zoneOffset: number): ListCell[][] {
  return origin.calibrations.map((c) => [
    { text: c.kind === 'ecal' ? `ECal ${c.ecalSerial ?? ''}` : 'Mechanical kit' },
    { text: c.ports },
    { text: `${formatNumber(c.startMHz)}-${formatNumber(c.stopMHz)}` },
    { text: formatDateTime(Date.parse(c.madeAt), zoneOffset) },
    { text: c.madeBy },
    { text: formatTimeInState(c.ageSeconds * 1000) },
    { text: c.stepNos.length > 0 ? stepNumbers(c.stepNos) : '-' },
  ]);
}

/** Station and runner version side by side. */
function pairs(flow: Flow, origin: RunOriginReport): void {
  const half = WIDTH / 2;
  const entries: [string, string | null][] = [
    ['Station', origin.station],
    ['Runner version', origin.runnerVersion],
  ];
  entries.forEach(([label, value], i) => {
    const x = LEFT + i * half;
    flow.canvas.text(x, flow.y - 10, label, LABEL);
    const fitted = fitText(value ?? '-', half - LABEL_WIDTH - 10, (t) => flow.canvas.measure(t, VALUE));
    flow.canvas.text(x + LABEL_WIDTH, flow.y - 10, fitted, VALUE);
  });
  flow.y -= 18;
}

export function drawOriginSection(flow: Flow, origin: RunOriginReport, zoneOffset: number): void {
  const { canvas } = flow;
  flow.y -= 18;
  if (!origin.recorded) {
    flow.ensure(20);
    canvas.text(LEFT, flow.y - 12, `${ORIGIN_TITLE}: ${ORIGIN_MSG.notRecorded}`, HEADING);
    flow.y -= 20;
    return;
  }
  // the heading stays with the station line and the first table's first row
  flow.ensure(24 + 18 + 34);
  canvas.text(LEFT, flow.y - 12, ORIGIN_TITLE, HEADING);
  flow.y -= 24;
  pairs(flow, origin);
  if (origin.instruments.length > 0) {
    flow.y -= 4;
    drawListTable(flow, INSTRUMENT_COLUMNS, instrumentRows(origin));
  }
  if (origin.calibrations.length > 0) {
    flow.y -= 10;
    drawListTable(flow, CALIBRATION_COLUMNS, calibrationRows(origin, zoneOffset));
  }
}
