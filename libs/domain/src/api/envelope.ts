import { MSG } from '../limits/messages';

/** Every reply of the API (docs/requirements/errors-and-envelope.md#calls): status 1 is success, msg says what failed. */
export interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

export const SUCCESS = 1;
/** Ours: the spec only says "not 1"; every failure we send carries 0. */
export const FAILURE = 0;

export function ok<T>(data: T, msg = ''): Envelope<T> {
  return { status: SUCCESS, msg, data };
}

export function fail(msg: string): Envelope<null> {
  return { status: FAILURE, msg, data: null };
}

/**
 * A failed reply (`status` is the reply's status), or a reply that is not an envelope at all
 * (`status` undefined, msg MSG.unexpectedReply). Clients show `message` (docs/requirements/errors-and-envelope.md#client-side-errors).
 */
export class EnvelopeError extends Error {
  override readonly name = 'EnvelopeError';

  constructor(
    readonly msg: string,
    readonly status?: number,
  ) {
    super(msg);
  }
}

/** An object with a numeric status and a string msg; `data` may be absent (then undefined). */
export function isEnvelope(x: unknown): x is Envelope<unknown> {
  if (typeof x !== 'object' || x === null) return false;
  const { status, msg } = x as Record<string, unknown>;
  return typeof status === 'number' && typeof msg === 'string';
}

/** The data of a successful reply; throws EnvelopeError otherwise (see CONVENTIONS section 5). */
export function unwrap<T>(env: unknown): T {
  if (!isEnvelope(env)) throw new EnvelopeError(MSG.unexpectedReply);
  if (env.status !== SUCCESS) throw new EnvelopeError(env.msg, env.status);
  return env.data as T;
}
