import {
  isWholeCalibration,
  ORIGIN_MSG,
  type CalibrationUse,
  type InstrumentUse,
  type RunUpload,
} from '@sweepline/domain';
import { ApiError } from '../client/api-error';
import type { RunnerApi } from './runner-api';

/**
 * Keeps the uploads lean (issue 40, docs/cli.md "What a run says measured it"): a calibration
 * kept for the shift measures many runs, and once the service has taken it whole (a run that
 * carried it was accepted), later runs name it by its key and their step results only. A service
 * that does not know a key (a new database) answers ORIGIN_MSG.unknownCalibration: the run is sent
 * again once with every calibration whole, and the keys are learnt again. The journal keeps runs
 * whole; only what is sent is stripped.
 */
export class LeanUploads implements RunnerApi {
  private readonly known = new Set<string>();

  constructor(private readonly api: RunnerApi) {}

  products() {
    return this.api.products();
  }

  seq(id: number) {
    return this.api.seq(id);
  }

  sn(sn: string, productId?: number) {
    return this.api.sn(sn, productId);
  }

  uploadAttachment(...args: Parameters<RunnerApi['uploadAttachment']>) {
    return this.api.uploadAttachment(...args);
  }

  checkInstruments(instruments: InstrumentUse[]) {
    return this.api.checkInstruments(instruments);
  }

  whoami() {
    return this.api.whoami();
  }

  spcNotices(runId: number) {
    return this.api.spcNotices(runId);
  }

  async uploadRun(upload: RunUpload) {
    const lean = this.lean(upload);
    try {
      return await this.sent(lean);
    } catch (error) {
      if (lean === upload || !isUnknownCalibration(error)) throw error;
      this.known.clear();
      return this.sent(upload);
    }
  }

  /** The upload with every calibration the service knows named by its key alone. */
  lean(upload: RunUpload): RunUpload {
    const calibrations = upload.calibrations;
    if (!calibrations?.some((c) => this.known.has(c.key))) return upload;
    return {
      ...upload,
      calibrations: calibrations.map((c): CalibrationUse =>
        this.known.has(c.key) ? { key: c.key, step_indices: c.step_indices } : c,
      ),
    };
  }

  private async sent(upload: RunUpload) {
    const answer = await this.api.uploadRun(upload);
    for (const c of upload.calibrations ?? []) if (isWholeCalibration(c)) this.known.add(c.key);
    return answer;
  }
}

const [BEFORE_KEY, AFTER_KEY] = ORIGIN_MSG.unknownCalibration('\u0000').split('\u0000') as [string, string];

/** The service's refusal of a calibration key it does not know (its message may name the field first). */
export function isUnknownCalibration(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.kind === 'refused' &&
    error.message.includes(BEFORE_KEY) &&
    error.message.includes(AFTER_KEY)
  );
}
