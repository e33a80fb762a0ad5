import type {
  AttachmentInfo,
  AttachmentKind,
  RunnerProduct,
  RunnerSeq,
  RunnerSnState,
  RunUpload,
  RunUploadAnswer,
} from '@sweepline/domain';
import { isEnvelope } from '@sweepline/domain';

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
}

/**
 * The service answered with a refusal (`status` is the HTTP status). 5xx answers are `retryable`:
 * the run stays queued; a 4xx refusal will not change by sending the same run again.
 */
export class ApiRefusal extends Error {
  override readonly name = 'ApiRefusal';

  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.status >= 500 || this.status === 429;
  }
}

/** The service could not be reached at all (no network, server down, DNS). */
export class ApiUnreachable extends Error {
  override readonly name = 'ApiUnreachable';
}

/** Whether an upload failure leaves the run waiting in the queue rather than refused for good. */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiUnreachable || (error instanceof ApiRefusal && error.retryable);
}

export interface HttpRunnerApiOptions {
  /** Like http://lab-server:8080/webcyc/api (no trailing slash needed). */
  readonly baseUrl: string;
  readonly token: string;
  /** Per request; an upload of 40 traces takes well under this. */
  readonly timeoutMs?: number;
}

/** RunnerApi over fetch, sending the API token (SWEEPLINE_TOKEN) as a bearer token. */
export class HttpRunnerApi implements RunnerApi {
  private readonly base: string;

  constructor(private readonly options: HttpRunnerApiOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
  }

  products(): Promise<RunnerProduct[]> {
    return this.call('GET', '/runner/products');
  }

  seq(id: number): Promise<RunnerSeq> {
    return this.call('GET', `/runner/seqs/${id}`);
  }

  sn(sn: string, productId?: number): Promise<RunnerSnState> {
    const query = new URLSearchParams({ sn, ...(productId !== undefined ? { product_id: String(productId) } : {}) });
    return this.call('GET', `/runner/sn?${query}`);
  }

  uploadRun(upload: RunUpload): Promise<RunUploadAnswer> {
    return this.call('POST', '/runner/runs', JSON.stringify(upload), 'application/json');
  }

  uploadAttachment(
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
    return this.call('POST', `/runner/runs/${runId}/attachments`, form);
  }

  private async call<T>(method: string, path: string, body?: string | FormData, contentType?: string): Promise<T> {
    const url = `${this.base}${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.options.token}`,
          ...(contentType ? { 'content-type': contentType } : {}),
        },
        ...(body !== undefined ? { body } : {}),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      throw new ApiUnreachable(`Cannot reach ${this.base} (${cause})`);
    }
    const reply: unknown = await response.json().catch(() => undefined);
    if (!isEnvelope(reply)) {
      throw new ApiRefusal(`${this.base} answered ${method} ${path} with HTTP ${response.status}, not a Sweepline reply`, response.status >= 400 ? response.status : 502);
    }
    if (!response.ok || reply.status !== 1) throw new ApiRefusal(reply.msg || `HTTP ${response.status}`, response.status);
    return reply.data as T;
  }
}
