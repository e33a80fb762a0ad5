import {
  MSG,
  TIMES_MS,
  isEnvelope,
  unwrap,
  urlFrom,
  type ArgsFor,
  type CallArgs,
  type Endpoint,
  type EnvelopeError,
  type HttpMethod,
  type ReplyOf,
  type UrlArgs,
} from '@sweepline/domain';

/** The one HTTP client of the web app: every rule of docs/requirements/test-editor.md#calls, docs/requirements/errors-and-envelope.md#client-side-errors. */
export const API_BASE = '/webcyc/api';
const TOKEN_HEADER = 'x-auth-token';
/** docs/requirements/shell-and-navigation.md#session-state: the session id is kept in session storage. */
const TOKEN_KEY = 'sweepline.session';

export const sessionToken = {
  get: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string): void => sessionStorage.setItem(TOKEN_KEY, token),
  clear: (): void => sessionStorage.removeItem(TOKEN_KEY),
};

/** A failed call; `message` is what the screen shows. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    /** The HTTP status, when a reply came. */
    readonly httpStatus?: number,
  ) {
    super(message);
  }

  /** A 401: the client already went to /login with 'Please log in', so screens stay quiet. */
  get redirected(): boolean {
    return this.httpStatus === 401;
  }
}

/** Shows a failed call's message, except after a 401 (the client already went to /login). */
export function reportFailure(error: unknown, show: (message: string) => void): void {
  if (error instanceof ApiError && error.redirected) return;
  show(error instanceof Error ? error.message : String(error));
}

let unauthorized: () => void = () => undefined;

/** The shell's handler of a 401 reply (clear the session, go to /login); returns its removal. */
export function onUnauthorized(handler: () => void): () => void {
  unauthorized = handler;
  return () => {
    if (unauthorized === handler) unauthorized = () => undefined;
  };
}

let running = 0;
const listeners = new Set<() => void>();

/** The number of calls under way, for the full-screen loading overlay. */
export const callsRunning = {
  count: (): number => running,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function changeRunning(delta: number): void {
  running += delta;
  for (const listener of listeners) listener();
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The reply's data, or an ApiError carrying the message the spec says to show. */
function settle<T>(reply: Response, body: unknown): T {
  if (reply.status === 401) {
    sessionToken.clear();
    unauthorized();
    throw new ApiError(MSG.pleaseLogIn, 401);
  }
  // docs/requirements/errors-and-envelope.md#client-side-errors: on a 403 the error is the response body (ours is an envelope)
  if (reply.status === 403) throw new ApiError(isEnvelope(body) ? body.msg : String(body), 403);
  // our refusals are 4xx replies with an envelope: their msg is the message (spec: status not 1)
  if (!isEnvelope(body) && !reply.ok) throw new ApiError(MSG.noInternet, reply.status);
  try {
    return unwrap<T>(body);
  } catch (error) {
    throw new ApiError((error as EnvelopeError).msg, reply.status);
  }
}

/**
 * One request with the session header, the 60 s timeout and the loading count (unless it runs
 * in the background); `read` takes the body of the reply (a file reply is read as bytes only
 * when it succeeded).
 */
async function send<T>(
  method: HttpMethod,
  path: string,
  body: unknown,
  read: (reply: Response) => Promise<T>,
  background = false,
): Promise<T> {
  const counted = background ? 0 : 1;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMES_MS.httpTimeout);
  const headers: Record<string, string> = {};
  const token = sessionToken.get();
  if (token) headers[TOKEN_HEADER] = token;
  // a form's body (a file with its fields) carries its own multipart content-type and boundary
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  changeRunning(counted);
  try {
    let reply: Response;
    try {
      reply = await fetch(`${API_BASE}${path}`, {
        method,
        headers,
        body: body === undefined || form ? (body as FormData | undefined) : JSON.stringify(body),
        signal: controller.signal,
      });
      const renewed = reply.headers.get(TOKEN_HEADER);
      if (renewed) sessionToken.set(renewed);
      return await read(reply);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // network loss, the 60 s timeout, a reply cut short
      throw new ApiError(MSG.noInternet);
    }
  } finally {
    clearTimeout(timer);
    changeRunning(-counted);
  }
}

function call<T>(method: HttpMethod, path: string, body: unknown, background: boolean): Promise<T> {
  return send(method, path, body, async (reply) => settle<T>(reply, parse(await reply.text())), background);
}

/** A file of a reply (a PDF, a screenshot) and the name its Content-Disposition gives. */
export interface FileReply {
  blob: Blob;
  fileName: string | undefined;
}

/** The UTF-8 name of `filename*` (RFC 6266), else the plain `filename`. */
export function dispositionName(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]!);
  return /filename="([^"]*)"/i.exec(header)?.[1];
}

function getFile(path: string): Promise<FileReply> {
  return send('GET', path, undefined, async (reply) => {
    if (!reply.ok) return settle<never>(reply, parse(await reply.text()));
    return { blob: await reply.blob(), fileName: dispositionName(reply.headers.get('content-disposition')) };
  });
}

/** POST and PUT always send a JSON body, `{}` when the call has none; GET and DELETE only a given one. */
function bodyOf(endpoint: Endpoint, body: unknown): unknown {
  return body === undefined && (endpoint.method === 'POST' || endpoint.method === 'PUT') ? {} : body;
}

function request<E extends Endpoint>(endpoint: E, args: CallArgs<E> | undefined, background: boolean) {
  return call<ReplyOf<E>>(endpoint.method, urlFrom(endpoint, args), bodyOf(endpoint, args?.body), background);
}

/** The calls of the endpoint table (@sweepline/domain `endpoints`): path, query and body typed by it. */
export const api = {
  call: <E extends Endpoint>(endpoint: E, ...[args]: ArgsFor<CallArgs<E>>) => request(endpoint, args, false),
  /** A call the screen makes by itself, not the user (a live board reconnecting): no loading overlay. */
  inBackground: <E extends Endpoint>(endpoint: E, ...[args]: ArgsFor<CallArgs<E>>) =>
    request(endpoint, args, true),
  /** A multipart/form-data call (a certificate's PDF with its fields): `form` is the body. */
  form: <E extends Endpoint>(endpoint: E, form: FormData, ...[args]: ArgsFor<UrlArgs<E>>) =>
    call<ReplyOf<E>>(endpoint.method, urlFrom(endpoint, args), form, false),
  /** GET of a file; a refusal comes as an envelope, like any call's. */
  file: <E extends Endpoint>(endpoint: E, ...[args]: ArgsFor<UrlArgs<E>>) => getFile(urlFrom(endpoint, args)),
};
