import {
  ActionId,
  RELEASE_MSG,
  Verdict,
  type RunnableSeq,
  type RunnerProduct,
  type RunnerSeq,
  type RunnerSnState,
  type RunUpload,
  type StationVerdict,
} from '@sweepline/domain';
import { version } from '../../package.json';
import { ApiError } from '../client/api-error';
import type { ApiClient } from '../client/api-client';
import { EXIT, UsageError } from '../exit-codes';
import { journalDir } from './app-paths';
import { CalibrationKeeper } from './calibration-keeper';
import { BlockedTest, findProduct, RunRefused, runnableTests } from './choose-test';
import { calibrationCheck } from './instrument-check';
import { InstrumentPool } from './instrument-pool';
import { Journal } from './journal';
import { LeanUploads } from './lean-uploads';
import { loadLabConfig, labFile } from './lab-config';
import { NonInteractiveOperator } from './non-interactive';
import { RunAborted } from './prompter';
import { calibrationOperator } from './run-origin';
import { runAndRecord, type RunOutcome, type SessionParts } from './run-session';
import { ClientRunnerApi } from './runner-api';
import { spcLines } from './spc-notices';
import { openStationReports, stationIdentity } from './station-reporter';
import { TerminalUi } from './terminal-ui';
import { queueUploadedLine, retryInBackground, Uploader, type UploadOutcome } from './uploader';
import { verdictBanner } from './verdict-banner';
import { waitDisplay, waitingLookups, type Lookups } from './waiting-api';

/**
 * `sweepline run` (issue 14). On a terminal: pick the product, then serial number after serial
 * number (a barcode scanner types it and Enter), each through its stage's test, the verdict in
 * block letters until the next one is scanned. With --sn (or without a terminal): one run, the
 * verdict as the exit code. Runs are journaled before upload; the queue uploads on start and in
 * the background.
 */
export interface RunCommandOptions {
  product?: string;
  test?: string;
  sn?: string;
  /** Seconds between background upload attempts. */
  retrySeconds?: number;
}

export interface RunIo {
  readonly interactive: boolean;
  readonly tty: boolean;
  readonly out: (text: string) => void;
  readonly err: (line: string) => void;
}

const ANSWERED = new Set([ActionId.ManualTest, ActionId.Question, ActionId.MultipleChoice]);

function needsAnswers(seq: RunnerSeq): string | undefined {
  const index = seq.steps.findIndex((s) => ANSWERED.has(s.actionId));
  return index < 0 ? undefined : `step ${index + 1} (${seq.steps[index]!.name})`;
}

async function inquirer() {
  return import('@inquirer/prompts');
}

async function pickProduct(api: Lookups, wanted: string | undefined, io: RunIo): Promise<RunnerProduct> {
  const products = await api.products();
  if (products.length === 0)
    throw new RunRefused(
      'No product has a test to run: complete one in the editor first (and release it, under release control)',
    );
  if (wanted !== undefined) return findProduct(products, wanted);
  if (products.length === 1) return products[0]!;
  if (!io.interactive) throw new UsageError('Name the product with --product (several have tests to run)');
  const { select } = await inquirer();
  return select({
    message: 'Product',
    choices: products.map((p) => ({ name: p.model ? `${p.name} (${p.model})` : p.name, value: p })),
  });
}

/**
 * The tests the serial number may run now. One the runner's list does not offer is downloaded:
 * the server refuses it in its own words ("Pass band is not released yet: release it in the
 * editor"), or answers it, released or completed since the list was read, and it runs.
 */
async function testsToRun(
  lookups: Lookups,
  product: RunnerProduct,
  state: RunnerSnState,
  wanted: string | undefined,
  downloaded: Map<number, RunnerSeq>,
): Promise<RunnableSeq[]> {
  try {
    return runnableTests(product, state, wanted);
  } catch (error) {
    if (!(error instanceof BlockedTest)) throw error;
    const seq = await lookups.seq(error.test.id);
    downloaded.set(seq.id, seq);
    return [seq];
  }
}

/** The next serial number from the operator (or the scanner); undefined to stop. */
async function askSn(): Promise<string | undefined> {
  const { input } = await inquirer();
  try {
    const sn = await input({ message: 'Scan or type the serial number (empty to stop):' });
    return sn.trim() === '' ? undefined : sn.trim();
  } catch (error) {
    if ((error as Error).name === 'ExitPromptError') return undefined;
    throw error;
  }
}

function uploadLine(outcome: RunOutcome, waiting: number): string {
  if (outcome.answer) {
    const a = outcome.answer;
    const stage = a.finished ? 'it has finished every stage' : `it is now at stage ${a.stage_no}`;
    return `Uploaded: run ${a.run_no} of this test in the stage; ${stage}.`;
  }
  if (outcome.refused)
    return `The service refused the run (kept on this PC, see sweepline queue): ${outcome.uploadProblem}`;
  return `Saved on this PC, waiting to upload (${waiting} in the queue): ${outcome.uploadProblem}`;
}

/** The test as a unit starts: 'Pass band, release 7' (just its name from a server before releases). */
export const unitLine = (seq: RunnableSeq) => RELEASE_MSG.running(seq.name, seq.releaseNo ?? null);

/** Whether the downloaded test is the release the server now runs (both absent before releases). */
const sameRelease = (seq: RunnableSeq, listed: RunnableSeq) =>
  (seq.releaseNo ?? null) === (listed.releaseNo ?? null);

/** A run uploaded from the queue, as the station board counts it: by its measurement time. */
const verdictOf = (run: RunUpload): StationVerdict => ({ sn: run.sn, result: run.result, at: run.end_time });

/** Ctrl-C aborts the run in progress (recorded as aborted); a second Ctrl-C ends the program. */
function interruptible(): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const onSigint = () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
  };
  process.on('SIGINT', onSigint);
  return { signal: controller.signal, done: () => process.off('SIGINT', onSigint) };
}

export async function runCommand(options: RunCommandOptions, client: ApiClient, io: RunIo): Promise<number> {
  const lab = loadLabConfig();
  if (!lab)
    throw new UsageError(`No lab configuration (${labFile()}): run sweepline lab --na <resource> first`);
  const api = new LeanUploads(new ClientRunnerApi(client));
  const lookups = waitingLookups(
    api,
    waitDisplay(io.tty, (text) => process.stderr.write(text)),
  );
  const journal = Journal.open(journalDir());
  const uploader = new Uploader(journal, api);
  // each instrument's calibration is checked as it is connected, before it measures (issue 40)
  const instruments = new InstrumentPool(
    lab,
    {},
    calibrationCheck((list) => api.checkInstruments(list), io.err),
  );
  const identity = stationIdentity(lab.station);
  let parts: SessionParts = {
    api,
    journal,
    instruments,
    calibrations: new CalibrationKeeper(lab.calibrationHours),
    origin: { runnerVersion: version, ...('station' in identity ? { station: identity.station } : {}) },
  };
  if (lab.ecalPorts !== undefined && lab.ecalSerial === undefined)
    io.err(
      "The lab's ECal module has no serial number, so its calibrations record none: set it with sweepline lab --ecal-serial <serial>.",
    );
  const station = openStationReports(lab.station, client, io.err);
  station?.idle();
  // runs that went up from the queue: counted on the board at once, said when the screen is free
  let unsaid = 0;
  const fromQueue = (outcome: UploadOutcome) => {
    unsaid += outcome.uploaded.length;
    station?.uploadedLate(outcome.uploaded.map(verdictOf));
  };
  const sayQueue = () => {
    if (unsaid > 0) io.err(queueUploadedLine(unsaid));
    unsaid = 0;
  };
  const stopRetry = retryInBackground(uploader, (options.retrySeconds ?? 30) * 1000, fromQueue);
  try {
    const queued = await uploader.flush();
    fromQueue(queued);
    sayQueue();
    if (queued.offline)
      io.err(
        `${queued.waiting === 1 ? '1 run waits' : `${queued.waiting} runs wait`} in the queue: ${queued.offline}`,
      );
    const product = await pickProduct(lookups, options.product, io);
    station?.idle(product.id);
    const operator = await calibrationOperator(api);
    if (operator !== undefined) parts = { ...parts, operator };
    const downloaded = new Map<number, RunnerSeq>();
    for (;;) {
      sayQueue();
      const sn = options.sn ?? (io.interactive ? await askSn() : undefined);
      if (sn === undefined) {
        if (!io.interactive)
          throw new UsageError('Name the serial number with --sn (no terminal to scan it in)');
        return EXIT.ok;
      }
      let outcome: RunOutcome;
      try {
        const state = await lookups.sn(sn, product.id);
        const tests = await testsToRun(lookups, product, state, options.test, downloaded);
        const test =
          tests.length === 1 || !io.interactive
            ? tests[0]!
            : await (
                await inquirer()
              ).select({
                message: 'Test',
                choices: tests.map((t) => ({ name: `${t.stageNo}-${t.testNo} ${t.name}`, value: t })),
              });
        let seq = downloaded.get(test.id);
        // the serial number's look-up is fresh, the product's list is from the start of the shift;
        // a new release changes what runs without changing the draft's version
        const listed = state.pending.find((p) => p.id === test.id) ?? test;
        if (!seq || seq.version !== listed.version || !sameRelease(seq, listed)) {
          seq = await lookups.seq(test.id);
          downloaded.set(test.id, seq);
        }
        const asks = needsAnswers(seq);
        if (!io.interactive && asks)
          throw new UsageError(`Test ${seq.name} asks the operator (${asks}): run it in a terminal`);
        if (io.tty) io.out('\x1b[2J\x1b[H'); // the last verdict stays until the next serial number is in
        io.out(`${product.name} - ${seq.stageNo}-${seq.testNo} ${unitLine(seq)} - serial number ${sn}\n`);
        const interrupt = interruptible();
        try {
          const ui = new TerminalUi({ signal: interrupt.signal, tty: io.tty, write: io.out });
          const operator = io.interactive ? ui : new NonInteractiveOperator((line) => io.out(`${line}\n`));
          station?.unitStarted(seq, sn);
          const { prompter, reporter } = station?.watch(operator, ui) ?? { prompter: operator, reporter: ui };
          outcome = await runAndRecord(parts, seq, sn, product.name, prompter, reporter, interrupt.signal);
          station?.result(sn, outcome.verdict, outcome.endTime);
          ui.stopBar();
        } finally {
          interrupt.done();
        }
      } catch (error) {
        const expected =
          error instanceof RunRefused || (error instanceof ApiError && error.kind === 'refused');
        if (!io.interactive || !expected) throw error;
        io.err(`${(error as Error).message}\n`);
        continue;
      }
      if (outcome.abortReason) io.err(outcome.abortReason);
      io.out(`${verdictBanner(outcome.verdict, sn, io.tty && !process.env['NO_COLOR'])}\n`);
      io.err(uploadLine(outcome, journal.waiting().length));
      for (const line of spcLines(outcome.spcAlarms ?? [])) io.out(`${line}\n`);
      // the service answers again: what waited in the queue goes up now
      if (outcome.answer && journal.waiting().length > 0) fromQueue(await uploader.flush());
      sayQueue();
      if (options.sn !== undefined) {
        return outcome.verdict === Verdict.Passed
          ? EXIT.ok
          : outcome.verdict === Verdict.Failed
            ? EXIT.unitFailed
            : EXIT.runAborted;
      }
    }
  } catch (error) {
    if (error instanceof RunAborted) return EXIT.runAborted;
    throw error;
  } finally {
    stopRetry();
    await station?.stop();
    await instruments.close();
    journal.close();
  }
}
