/**
 * Demo only (docs/seed.md): instrument screenshots on the report-marked swept steps of the latest
 * few passing runs of each test, as the runner uploads one for a step marked "report screen".
 * Each is made the way the runner makes it: the ENA simulator measuring the product's
 * `screenshotDevice`, set up through the driver for the step's calibration and trace, calibrated,
 * swept, and its screen copied back. It is stored as the API stores a runner upload with its
 * default FileStorage (DatabaseFileStorage): an attachment row whose `data` column holds the
 * bytes, after the upload's own checks.
 */
import type { GatingFields, Step } from '@sweepline/domain';
import { attachmentContentType, attachmentError } from '@sweepline/domain';
import { CAL } from '@sweepline/domain/src/testing/step-fixtures';
import type { NetworkAnalyzer } from '@sweepline/instruments';
import {
  calibrationPortsOf,
  channelSetupOf,
  connectNetworkAnalyzer,
  DEFAULT_SIM_CONFIG,
  startSimulator,
  traceSetupOf,
} from '@sweepline/instruments';
import type { Client } from 'pg';
import type { Template } from './results';
import type { BuiltProduct, BuiltTest } from './tests';

/** Passing runs per test that get screenshots: a handful in all, so the seed stays fast. */
const SCREENSHOT_RUNS_PER_TEST = 3;

/** Characters the long-text name rule refuses in a file name. */
const NOT_IN_FILE_NAMES = /[\\/:*?"<>|]/g;

/** Adds the screenshots; returns how many. */
export async function insertScreenshots(
  db: Client,
  accountId: number,
  products: readonly BuiltProduct[],
  templates: ReadonlyMap<number, Template[]>,
): Promise<number> {
  let count = 0;
  for (const product of products) {
    const device = product.spec.screenshotDevice;
    if (!device) continue;
    const sim = await startSimulator({
      family: 'ena',
      config: { ...DEFAULT_SIM_CONFIG, timeScale: 0, devices: [device] },
    });
    try {
      const na = await connectNetworkAnalyzer(sim.resource);
      try {
        for (const test of product.tests) {
          count += await screenshotTest(db, accountId, na, test, templates.get(test.id) ?? []);
        }
      } finally {
        await na.close();
      }
    } finally {
      await sim.close();
    }
  }
  return count;
}

async function screenshotTest(
  db: Client,
  accountId: number,
  na: NetworkAnalyzer,
  test: BuiltTest,
  templates: readonly Template[],
): Promise<number> {
  // a passing run keeps the traces of its report-marked swept steps, and of nothing else
  const shots = templates.find((t) => t.result === 1)?.traced ?? [];
  if (shots.length === 0) return 0;
  const { rows: runs } = await db.query<{ id: string }>(
    `SELECT id FROM run WHERE account_id = $1 AND seq_id = $2 AND result = 1
      ORDER BY start_time DESC LIMIT $3`,
    [accountId, test.id, SCREENSHOT_RUNS_PER_TEST],
  );
  for (const run of runs) {
    for (const shot of shots) {
      const step = test.steps[shot.step]!;
      const fileName = `${step.name.replace(NOT_IN_FILE_NAMES, '-')}.png`;
      await insertScreenshot(db, accountId, Number(run.id), shot.index, fileName, await screenOf(na, step));
    }
  }
  return runs.length * shots.length;
}

/** The analyzer's screen for the step: its calibration's channel, its trace in Log Mag. */
async function screenOf(na: NetworkAnalyzer, step: Step): Promise<Buffer> {
  // a Cable step's kept row is its transmission, S21
  const param = step.param as unknown as GatingFields & { sParam?: string; smooth: number | null };
  await na.setupChannel(1, channelSetupOf(CAL), [traceSetupOf(param.sParam ?? 'S21', 'logMag', param)]);
  const { ports, thruOnly } = calibrationPortsOf(CAL);
  await na.calibrate(1, { ports, thruOnly, method: 'ecal', onStep: async () => undefined });
  await na.sweep(1);
  return (await na.screenshot(1)).data;
}

async function insertScreenshot(
  db: Client,
  accountId: number,
  runId: number,
  stepIndex: number,
  fileName: string,
  png: Buffer,
): Promise<void> {
  const refused = attachmentError('screenshot', fileName, png);
  if (refused) throw new Error(`Seed screenshot ${fileName}: ${refused.message}`);
  await db.query(
    `INSERT INTO attachment (account_id, run_id, step_index, kind, file_name, content_type, size, data)
     VALUES ($1, $2, $3, 'screenshot', $4, $5, $6, $7)`,
    [accountId, runId, stepIndex, fileName, attachmentContentType('screenshot', png), png.length, png],
  );
}
