import {
  EnvelopeError,
  unwrap,
  urlFrom,
  type ArgsFor,
  type CallArgs,
  type Endpoint,
  type ReplyOf,
  type UrlArgs,
} from '@sweepline/domain';
import { ApiError } from './api-error';

/** The API's path under the server's address (docs/api.md). */
export const API_PREFIX = '/webcyc/api';

/** How a call proves who makes it. */
export type ApiAuth =
  /** An API token (`swl_…`, SWEEPLINE_TOKEN): `Authorization: Bearer`. */
  | { kind: 'api-token'; token: string }
  /** A session of `sweepline login`: `x-auth-token`. */
  | { kind: 'session'; token: string };

export interface CallOptions {
  body?: unknown;
  /** Cuts the call short before its timeout (the station reporter at the program's end). */
  signal?: AbortSignal;
}

/** A call of the endpoint table, with what it needs and, optionally, a signal that cuts it short. */
export type RequestArgs<E extends Endpoint> = CallArgs<E> & Pick<CallOptions, 'signal'>;

/** A reply that is not an envelope (a PDF): its bytes and the file name the server suggests. */
export interface Download {
  bytes: Buffer;
  fileName: string | undefined;
}

const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * The HTTP transport of every command (CONVENTIONS.md section 5): one call is `request(endpoint,
 * {params, query, body})` of the domain's endpoint table, which sends JSON, unwraps the
 * `{status, msg, data}` envelope with the domain's `unwrap` and returns `data`, or throws an
 * `ApiError` whose `kind` picks the exit code (`exitCodeOf` in ./exit.ts). Named calls are in
 * sweepline-api.ts; get a ready client with `connect(options)` (connect.ts).
 */
export class ApiClient {
  /**
   * Whether this address is known to be a server's: it answered a call of this client, or a log-in
   * there saved the session in use. Then a lost connection is not a wrong address, and the
   * message does not send the operator to --server (issue 38).
   */
  private answered: boolean;

  constructor(
    /** The server's address, normalised (normaliseServer): `http://localhost:8080`. */
    readonly server: string,
    readonly auth: ApiAuth | undefined,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {
    this.answered = auth?.kind === 'session';
  }

  request<E extends Endpoint>(endpoint: E, ...[args]: ArgsFor<RequestArgs<E>>): Promise<ReplyOf<E>> {
    return this.call(endpoint.method, urlFrom(endpoint, args), { body: args?.body, signal: args?.signal });
  }

  /** A call by method and path under /webcyc/api, for a path outside the endpoint table (tests). */
  async call<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
    return this.unwrapReply<T>(await this.send(method, path, options));
  }

  private async unwrapReply<T>(response: Response): Promise<T> {
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new ApiError('unexpected', this.unexpectedReply(response), response.status);
    }
    try {
      return unwrap<T>(json);
    } catch (error) {
      if (error instanceof EnvelopeError && error.status !== undefined) {
        throw new ApiError('refused', error.msg, response.status);
      }
      throw new ApiError('unexpected', this.unexpectedReply(response), response.status);
    }
  }

  /**
   * A call whose reply may start a session (`x-auth-token`): the verification of a challenge and the
   * log-in. Returns the data and that token (or undefined).
   */
  async requestForSession<E extends Endpoint>(
    endpoint: E,
    ...[args]: ArgsFor<CallArgs<E>>
  ): Promise<{ data: ReplyOf<E>; sessionToken: string | undefined }> {
    const response = await this.send(endpoint.method, urlFrom(endpoint, args), { body: args?.body });
    return {
      data: await this.unwrapReply<ReplyOf<E>>(response),
      sessionToken: response.headers.get('x-auth-token') ?? undefined,
    };
  }

  /** A call whose success is a file, not an envelope (a refusal still comes as an envelope). */
  async download<E extends Endpoint>(endpoint: E, ...[args]: ArgsFor<UrlArgs<E>>): Promise<Download> {
    const response = await this.send(endpoint.method, urlFrom(endpoint, args));
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('application/json')) {
      const json = (await response.json()) as { msg?: unknown };
      throw new ApiError(
        'refused',
        typeof json.msg === 'string' ? json.msg : this.unexpectedReply(response),
        response.status,
      );
    }
    if (!response.ok) throw new ApiError('unexpected', this.unexpectedReply(response), response.status);
    return {
      bytes: Buffer.from(await response.arrayBuffer()),
      fileName: fileNameOf(response.headers.get('content-disposition')),
    };
  }

  /** The raw exchange: connection failures and 401 become ApiErrors, every other reply is returned. */
  async send(method: string, path: string, { body, signal }: CallOptions = {}): Promise<Response> {
    const url = new URL(`${this.server}${API_PREFIX}${path}`);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.auth?.kind === 'api-token') headers['authorization'] = `Bearer ${this.auth.token}`;
    if (this.auth?.kind === 'session') headers['x-auth-token'] = this.auth.token;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: signal
          ? AbortSignal.any([AbortSignal.timeout(this.timeoutMs), signal])
          : AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new ApiError('connection', this.connectionMessage(error));
    }
    this.answered = true;
    if (response.status === 401) throw new ApiError('unauthorized', this.unauthorizedMessage(), 401);
    return response;
  }

  private connectionMessage(error: unknown): string {
    // fetch wraps the socket's error; "localhost" tries IPv6 and IPv4, giving an AggregateError
    const cause = (error as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } })
      .cause;
    const code = cause?.code ?? cause?.errors?.[0]?.code ?? (error as { name?: string }).name;
    const why =
      code === 'ECONNREFUSED'
        ? 'connection refused: is it running?'
        : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? 'no such host'
          : code === 'TimeoutError'
            ? `no answer within ${Math.round(this.timeoutMs / 1000)} s`
            : (cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error)));
    const hint = this.answered ? '' : ' Set the address with --server or SWEEPLINE_SERVER.';
    return `Cannot reach the Sweepline server at ${this.server} (${why}).${hint}`;
  }

  private unauthorizedMessage(): string {
    switch (this.auth?.kind) {
      case 'api-token':
        return `The server ${this.server} refused the API token: it is unknown, revoked or of another server. Make a new token in Settings (API tokens) and set SWEEPLINE_TOKEN to it.`;
      case 'session':
        return `Your sign-in to ${this.server} has expired or was ended: log in again with \`sweepline login\`.`;
      default:
        return `You are not signed in to ${this.server}: run \`sweepline login\`, or set SWEEPLINE_TOKEN to an API token.`;
    }
  }

  private unexpectedReply(response: Response): string {
    return `The server ${this.server} gave an unexpected reply (HTTP ${response.status}): is this the address of a Sweepline server?`;
  }
}

/** The file name of a Content-Disposition header: its UTF-8 `filename*` first, else `filename`. */
function fileNameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) return decodeURIComponent(extended[1]);
  return /filename="([^"]+)"/i.exec(header)?.[1];
}
