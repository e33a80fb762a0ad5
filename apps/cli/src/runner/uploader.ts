import type { RunUpload } from '@sweepline/domain';
import type { Journal, JournalRun } from './journal';
import type { RunnerApi } from './runner-api';
import { isTransient } from './runner-api';

/**
 * Uploads what the journal holds and has not marked done: each run with its client-made id (a
 * retried upload answers the first one's result, so nothing counts twice), then its files, then
 * the mark. A service that cannot be reached leaves the rest waiting; a refusal for good (the
 * test changed, a finished serial number) is marked refused with the service's words, and the run
 * stays in the journal for `sweepline queue` to show.
 */
export interface UploadOutcome {
  /** The runs uploaded now, in journal order. */
  readonly uploaded: readonly RunUpload[];
  readonly refused: { readonly id: string; readonly message: string }[];
  /** Set when the service could not be reached; the runs left wait for the next attempt. */
  readonly offline?: string;
  readonly waiting: number;
}

export async function uploadRun(journal: Journal, api: RunnerApi, run: JournalRun) {
  const id = run.upload.client_run_id;
  const answer = await api.uploadRun(run.upload);
  for (const file of run.attachments) {
    await api.uploadAttachment(
      answer.run_id,
      file.stepIndex,
      file.kind,
      file.fileName,
      journal.file(id, file.fileName),
    );
  }
  journal.markUploaded(id, answer);
  return answer;
}

export class Uploader {
  private busy: Promise<UploadOutcome> | undefined;

  constructor(
    private readonly journal: Journal,
    private readonly api: RunnerApi,
  ) {}

  /** Uploads every waiting run in journal order; calls made meanwhile share the one in progress. */
  flush(): Promise<UploadOutcome> {
    this.busy ??= this.uploadAll().finally(() => (this.busy = undefined));
    return this.busy;
  }

  private async uploadAll(): Promise<UploadOutcome> {
    const uploaded: RunUpload[] = [];
    const refused: { id: string; message: string }[] = [];
    for (const run of this.journal.waiting()) {
      const id = run.upload.client_run_id;
      try {
        await uploadRun(this.journal, this.api, run);
        uploaded.push(run.upload);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (isTransient(error))
          return { uploaded, refused, offline: message, waiting: this.journal.waiting().length };
        this.journal.markRefused(id, message);
        refused.push({ id, message });
      }
    }
    return { uploaded, refused, waiting: this.journal.waiting().length };
  }
}

/** What `run` says when runs waiting in the queue went up: `Uploaded 1 run from the queue.` */
export function queueUploadedLine(count: number): string {
  return `Uploaded ${count} run${count === 1 ? '' : 's'} from the queue.`;
}

/**
 * `run` keeps trying in the background while the operator works (every `intervalMs`), and hands
 * each attempt's outcome to `onOutcome` (what went up is said and counted on the station board).
 */
export function retryInBackground(
  uploader: Uploader,
  intervalMs = 30_000,
  onOutcome: (outcome: UploadOutcome) => void = () => undefined,
): () => void {
  const timer = setInterval(() => void uploader.flush().then(onOutcome, () => undefined), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
