/**
 * One call of the API as the endpoint table (./endpoints.ts) names it, and the helpers that turn
 * it into a URL. The API's routes, the web app's client and the CLI's client all read the table,
 * so a path, a parameter or a query key is written once (CONVENTIONS.md section 4).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What travels with a call; a member left out is not part of the call. */
export interface CallShape {
  query?: object;
  body?: unknown;
  reply: unknown;
}

export interface Endpoint<S extends CallShape = CallShape, P extends string = string> {
  readonly method: HttpMethod;
  /** Under /webcyc/api, with `:name` for each path parameter: '/runs/:id/traces'. */
  readonly path: P;
  /** Never set: it carries the call's query, body and reply for the type checker. */
  readonly shape?: S;
}

/** A reply that is bytes (a file, an event stream), not an envelope. */
export type ByteReply = ArrayBuffer;

/**
 * An endpoint of the table: `endpoint<{ query: SnHistoryQuery; reply: SnStageHistory }>()('GET',
 * '/sn/history')`. The shapes are given and the path is inferred, which one call cannot do.
 */
export function endpoint<S extends CallShape>() {
  return <P extends string>(method: HttpMethod, path: P): Endpoint<S, P> => ({ method, path });
}

type ShapeOf<E> = E extends Endpoint<infer S, string> ? S : never;
export type ReplyOf<E extends Endpoint> = ShapeOf<E>['reply'];
export type BodyOf<E extends Endpoint> = ShapeOf<E> extends { body: infer B } ? B : undefined;
export type QueryOf<E extends Endpoint> = ShapeOf<E> extends { query: infer Q } ? Q : undefined;

type Segments<P extends string> = P extends `${infer Head}/${infer Rest}` ? Head | Segments<Rest> : P;
type ParamOf<Segment> = Segment extends `:${infer Name}` ? Name : never;
/** The names of an endpoint's path parameters: 'id' | 'attachmentId' for '/runs/:id/attachments/:attachmentId'. */
export type PathParamName<E extends Endpoint> = ParamOf<Segments<E['path']>>;

/**
 * A query as a client gives it. The wire types say what the server reads, text; a client may give
 * a number instead, which travels as its text. Keys left undefined are not sent.
 */
export type ClientQuery<Q> = { [K in keyof Q]: Q[K] | number };

type ParamsArg<E extends Endpoint> = [PathParamName<E>] extends [never]
  ? { params?: never }
  : { params: Record<PathParamName<E>, string | number> };
type QueryArg<E extends Endpoint> =
  QueryOf<E> extends undefined ? { query?: never } : { query: ClientQuery<QueryOf<E>> };
type BodyArg<E extends Endpoint> = BodyOf<E> extends undefined ? { body?: never } : { body: BodyOf<E> };

/** What a URL of the endpoint needs: its path parameters and its query, each only where it has them. */
export type UrlArgs<E extends Endpoint> = ParamsArg<E> & QueryArg<E>;
/** What a call of the endpoint needs: its URL's parts and its body. */
export type CallArgs<E extends Endpoint> = UrlArgs<E> & BodyArg<E>;
/** The arguments after the endpoint: none at all when the call needs nothing. */
export type ArgsFor<A> = object extends A ? [args?: A] : [args: A];

function fillPath(path: string, params: Partial<Record<string, string | number>> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** The endpoint's path with each parameter filled in, encoded as one segment. */
export function pathOf<E extends Endpoint>(endpoint: E, ...[args]: ArgsFor<UrlArgs<E>>): string {
  return fillPath(endpoint.path, args?.params);
}

/** `?key=value&...` in the query's own order, each part encoded; '' without a key to send. */
export function queryString(query: object | undefined): string {
  const pairs = Object.entries(query ?? {}).flatMap(([key, value]: [string, unknown]) =>
    value === undefined ? [] : [`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`],
  );
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

/** The endpoint's URL under /webcyc/api: its path, parameters filled in, and its query. */
export function urlOf<E extends Endpoint>(endpoint: E, ...[args]: ArgsFor<UrlArgs<E>>): string {
  return urlFrom(endpoint, args);
}

/**
 * urlOf for a client's own call, whose signature took `args` as ArgsFor<...> already: there the
 * type checker has made sure they are there when the endpoint needs them.
 */
export function urlFrom<E extends Endpoint>(endpoint: E, args: UrlArgs<E> | undefined): string {
  return `${fillPath(endpoint.path, args?.params)}${queryString(args?.query)}`;
}
