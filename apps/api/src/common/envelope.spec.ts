import { HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { Conflict, Forbidden, NotFound, Refused, TooLarge, Unavailable } from '@sweepline/domain';
import { tooMany } from './api-error';
import { sendFailure } from './envelope';

/**
 * A reply that records what was sent, as Express's would take it; its request's body read, or
 * unread with its declared length (none: chunked).
 */
function reply(headersSent = false, unread?: { declared?: number }) {
  const sent: { status?: number; body?: unknown; headers?: Record<string, string> } = {};
  const declared = unread?.declared === undefined ? {} : { 'content-length': String(unread.declared) };
  const res = {
    headersSent,
    req: { complete: !unread, headers: declared },
    set(name: string, value: string) {
      sent.headers = { ...sent.headers, [name]: value };
      return this;
    },
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: unknown) {
      if (this.headersSent) throw new Error('Cannot set headers after they are sent');
      sent.body = body;
      return this;
    },
  };
  return { res: res as unknown as Response, sent };
}

describe('sendFailure', () => {
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  it('answers a database that cannot be reached 503 with Retry-After, without an error log', () => {
    const { res, sent } = reply();
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    sendFailure(res, refused);
    warned.mockRestore();
    expect(sent).toEqual({
      status: HttpStatus.SERVICE_UNAVAILABLE,
      headers: { 'Retry-After': '5' },
      body: { status: 0, msg: 'The database is not reachable; try again in a few seconds', data: null },
    });
    expect(logged).not.toHaveBeenCalled();
  });

  it('closes the connection of a request refused with a large or endless body unread, and only that', () => {
    const headersOf = (unread?: { declared?: number }) => {
      const { res, sent } = reply(false, unread);
      sendFailure(res, tooMany('Too many attempts. Try again in 1 minute'));
      expect(sent.status).toBe(429);
      return sent.headers;
    };
    expect(headersOf({})).toEqual({ Connection: 'close' });
    expect(headersOf({ declared: 16 * 1024 * 1024 })).toEqual({ Connection: 'close' });
    // a JSON route's size is read to its end, so a browser still sending gets the answer
    expect(headersOf({ declared: 2 * 1024 * 1024 })).toBeUndefined();
    expect(headersOf()).toBeUndefined();
  });

  it("answers an edge's HTTP error with its status and message, unlogged", () => {
    const { res, sent } = reply();
    sendFailure(res, tooMany('Too many attempts. Try again in 1 minute'));
    expect(sent).toEqual({
      status: 429,
      body: { status: 0, msg: 'Too many attempts. Try again in 1 minute', data: null },
    });
    expect(logged).not.toHaveBeenCalled();
  });

  it.each([
    [new NotFound('Product'), 404, 'Product not found'],
    [new Conflict('The name exists'), 409, 'The name exists'],
    [new Refused('step: Unknown step'), 400, 'step: Unknown step'],
    [new Forbidden('Managers only'), 403, 'Managers only'],
    [
      new TooLarge('The files of a run may take up to 20 MiB'),
      413,
      'The files of a run may take up to 20 MiB',
    ],
    [new Unavailable('The e-mail could not be sent'), 503, 'The e-mail could not be sent'],
  ])('answers the domain refusal %p with its HTTP status, unlogged', (error, status, msg) => {
    const { res, sent } = reply();
    sendFailure(res, error);
    expect(sent).toEqual({ status, body: { status: 0, msg, data: null } });
    expect(logged).not.toHaveBeenCalled();
  });

  it('answers anything else "Internal error", logging what it was', () => {
    const { res, sent } = reply();
    sendFailure(res, new Error('relation "run" does not exist'));
    expect(sent).toEqual({
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      body: { status: 0, msg: 'Internal error', data: null },
    });
    expect(String(logged.mock.calls[0]![0])).toContain('relation "run" does not exist');
  });

  it('only logs a failure after the reply has started', () => {
    for (const failure of [new Refused('late'), new Error('stream broke')]) {
      const { res, sent } = reply(true);
      expect(() => sendFailure(res, failure)).not.toThrow();
      expect(sent).toEqual({});
    }
    expect(logged).toHaveBeenCalledTimes(2);
  });
});
