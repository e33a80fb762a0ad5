import type { Command } from 'commander';
import { Option } from 'commander';
import { RELEASE_MSG, verdictLabel } from '@sweepline/domain';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { EXIT } from '../exit-codes';
import { printTable, say } from '../io/terminal';
import { journalDir } from '../runner/app-paths';
import type { JournalEntry } from '../runner/journal';
import { Journal, JournalLocked } from '../runner/journal';
import { ClientRunnerApi } from '../runner/runner-api';
import { Uploader } from '../runner/uploader';

interface QueueOptions extends ConnectionOptions {
  upload?: boolean;
  all?: boolean;
}

function show(entries: readonly JournalEntry[], all: boolean): void {
  const shown = entries.filter((e) => all || e.status.state !== 'uploaded');
  if (shown.length === 0) {
    say('The queue is empty: every run on this PC is uploaded.');
    return;
  }
  printTable(
    ['STATE', 'STARTED', 'SERIAL', 'PRODUCT', 'TEST', 'RESULT', 'NOTE'],
    shown.map(({ run, status }) => [
      status.state,
      run.upload.start_time,
      run.upload.sn,
      run.productName,
      RELEASE_MSG.running(run.seqName, run.upload.release_no ?? null),
      verdictLabel(run.upload.result),
      status.state === 'refused'
        ? status.message
        : status.state === 'uploaded'
          ? `run ${status.answer.run_id}`
          : run.upload.client_run_id,
    ]),
  );
}

/** `sweepline queue`: the runs this PC has not uploaded, and an upload of those waiting. */
export async function queueAction(options: QueueOptions): Promise<void> {
  const dir = journalDir();
  const entries = Journal.read(dir);
  show(entries, options.all === true);
  const waiting = entries.filter((e) => e.status.state === 'waiting').length;
  if (waiting === 0 || options.upload === false) return;
  let journal: Journal;
  try {
    journal = Journal.open(dir);
  } catch (error) {
    if (!(error instanceof JournalLocked)) throw error;
    say(`${error.message} It uploads the queue itself.`);
    return;
  }
  try {
    const outcome = await new Uploader(journal, new ClientRunnerApi(connect(options))).flush();
    say(`Uploaded ${outcome.uploaded.length} of ${waiting} run${waiting === 1 ? '' : 's'}.`);
    for (const r of outcome.refused) say(`Refused ${r.id}: ${r.message}`);
    if (outcome.offline) {
      say(`${outcome.waiting} still waiting: ${outcome.offline}`);
      process.exitCode = EXIT.failed;
    }
  } finally {
    journal.close();
  }
}

export function register(program: Command): void {
  addConnectionOptions(
    program
      .command('queue')
      .description('Show the runs of this PC that wait to upload (or were refused), and upload them')
      .addOption(new Option('--no-upload', 'only show'))
      .addOption(new Option('--all', 'also show the runs already uploaded')),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ sweepline queue              # show what waits and upload it
  $ sweepline queue --no-upload --all`,
    )
    .action((options: QueueOptions) => queueAction(options));
}
