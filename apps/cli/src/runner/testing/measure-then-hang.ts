/**
 * A runner that measures a unit, writes it to the journal, and then hangs before uploading it,
 * so a test can kill it at exactly that moment (the PC losing power between measuring and
 * uploading). Run with `node --import tsx`; settings from the environment.
 */
import { ApiClient } from '../../client/api-client';
import { journalDir } from '../app-paths';
import { CalibrationKeeper } from '../calibration-keeper';
import { runTest } from '../engine';
import { InstrumentPool } from '../instrument-pool';
import { Journal } from '../journal';
import { loadLabConfig } from '../lab-config';
import { NonInteractiveOperator } from '../non-interactive';
import { SILENT_REPORTER } from '../prompter';
import { ClientRunnerApi } from '../runner-api';

async function main(): Promise<void> {
  const env = process.env;
  const api = new ClientRunnerApi(
    new ApiClient(env['SWEEPLINE_SERVER']!, { kind: 'api-token', token: env['SWEEPLINE_TOKEN']! }),
  );
  const seq = await api.seq(Number(env['TEST_SEQ_ID']));
  const lab = loadLabConfig()!;
  const journal = Journal.open(journalDir());
  const instruments = new InstrumentPool(lab);
  const finished = await runTest({
    seq,
    sn: env['TEST_SN']!,
    productName: 'killed',
    instruments,
    calibrations: new CalibrationKeeper(8),
    prompter: new NonInteractiveOperator(() => undefined),
    reporter: SILENT_REPORTER,
  });
  journal.append(finished.run, finished.files);
  process.stdout.write(`JOURNALED ${finished.run.upload.client_run_id}\n`);
  setInterval(() => undefined, 60_000); // the upload would come next: the test kills us first
}

void main();
