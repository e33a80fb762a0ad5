import type {
  AttachmentInfo,
  AttachmentKind,
  InstrumentCheckAnswer,
  InstrumentUse,
  RunnerProduct,
  RunnerSeq,
  RunnerSnState,
  RunSpcNotice,
  RunUpload,
  RunUploadAnswer,
  WhoAmI,
} from '@sweepline/domain';
import { endpoints, pathOf, unwrap } from '@sweepline/domain';
import type { ApiClient } from '../client/api-client';
import { API_PREFIX } from '../client/api-client';
import { ApiError } from '../client/api-error';

const { runner, instruments: instrumentCalls, accounts, spc } = endpoints;

/** The runner's calls (docs/api/runs.md), as the engine, the journal and the commands use them. */
export interface RunnerApi {
  products(): Promise<RunnerProduct[]>;
  seq(id: number): Promise<RunnerSeq>;
  sn(sn: string, productId?: number): Promise<RunnerSnState>;
  uploadRun(upload: RunUpload): Promise<RunUploadAnswer>;
  uploadAttachment(
    runId: number,
    stepIndex: number,
    kind: AttachmentKind,
    fileName: string,
    bytes: Uint8Array,
  ): Promise<AttachmentInfo>;
  /** Before measuring with them: their calibration state (issue 40). */
  checkInstruments(instruments: InstrumentUse[]): Promise<InstrumentCheckAnswer>;
  /** Who the sign-in is: the operator a calibration records, when the runner is not told one. */
  whoami(): Promise<WhoAmI>;
  /** What an uploaded run did to its steps' SPC alarms (issue 41). */
  spcNotices(runId: number): Promise<RunSpcNotice[]>;
}

/**
 * Whether an upload failure leaves the run waiting in the queue: the server unreachable, a
 * sign-in to renew, a server error. Only a refusal of the run itself (4xx with the server's
 * reason: the test changed, a finished serial number) marks it refused for good.
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind !== 'refused') return true;
  return error.httpStatus === undefined || error.httpStatus >= 500 || error.httpStatus === 429;
}

/** RunnerApi over the program's ApiClient (server and sign-in from --server, SWEEPLINE_TOKEN or the saved log-in). */
export class ClientRunnerApi implements RunnerApi {
  constructor(private readonly client: ApiClient) {}

  products(): Promise<RunnerProduct[]> {
    return this.client.request(runner.products);
  }

  seq(id: number): Promise<RunnerSeq> {
    return this.client.request(runner.seq, { params: { id } });
  }

  sn(sn: string, productId?: number): Promise<RunnerSnState> {
    return this.client.request(runner.sn, { query: { sn, product_id: productId } });
  }

  uploadRun(upload: RunUpload): Promise<RunUploadAnswer> {
    return this.client.request(runner.upload, { body: upload });
  }

  checkInstruments(instruments: InstrumentUse[]): Promise<InstrumentCheckAnswer> {
    return this.client.request(instrumentCalls.check, { body: { instruments } });
  }

  whoami(): Promise<WhoAmI> {
    return this.client.request(accounts.whoAmI);
  }

  spcNotices(runId: number): Promise<RunSpcNotice[]> {
    return this.client.request(spc.runNotices, { params: { id: runId } });
  }

  /** multipart/form-data, which ApiClient.send (JSON) does not make: the same headers, by hand. */
  async uploadAttachment(
    runId: number,
    stepIndex: number,
    kind: AttachmentKind,
    fileName: string,
    bytes: Uint8Array,
  ): Promise<AttachmentInfo> {
    const form = new FormData();
    form.set('step_index', String(stepIndex));
    form.set('kind', kind);
    form.set('file', new Blob([bytes]), fileName);
    const auth = this.client.auth;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (auth?.kind === 'api-token') headers['authorization'] = `Bearer ${auth.token}`;
    if (auth?.kind === 'session') headers['x-auth-token'] = auth.token;
    let response: Response;
    try {
      const path = pathOf(runner.attachment, { params: { id: runId } });
      response = await fetch(`${this.client.server}${API_PREFIX}${path}`, {
        method: 'POST',
        headers,
        body: form,
        signal: AbortSignal.timeout(120_000),
      });
    } catch (error) {
      throw new ApiError(
        'connection',
        `Cannot reach the Sweepline server at ${this.client.server} (${(error as Error).message})`,
      );
    }
    const json: unknown = await response.json().catch(() => undefined);
    try {
      return unwrap<AttachmentInfo>(json);
    } catch (error) {
      throw new ApiError('refused', (error as Error).message, response.status);
    }
  }
}
