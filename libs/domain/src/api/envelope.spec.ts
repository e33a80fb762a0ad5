import fc from 'fast-check';
import { MSG } from '../limits/messages';
import { EnvelopeError, fail, FAILURE, isEnvelope, ok, SUCCESS, unwrap } from './envelope';

function caught(f: () => unknown): EnvelopeError {
  try {
    f();
  } catch (e) {
    if (e instanceof EnvelopeError) return e;
    throw e;
  }
  throw new Error('did not throw');
}

describe('envelope', () => {
  it('wraps data in a success envelope', () => {
    expect(ok([1, 2])).toEqual({ status: SUCCESS, msg: '', data: [1, 2] });
    expect(ok(null, 'Saved')).toEqual({ status: 1, msg: 'Saved', data: null });
  });

  it('wraps a message in a failure envelope', () => {
    expect(fail('No product selected')).toEqual({ status: FAILURE, msg: 'No product selected', data: null });
    expect(FAILURE).not.toBe(SUCCESS);
  });

  it('unwraps the data of a success', () => {
    expect(unwrap<number[]>(ok([1, 2]))).toEqual([1, 2]);
    expect(unwrap({ status: 1, msg: '' })).toBeUndefined();
  });

  it('throws the server message of a failure, with its status', () => {
    const e = caught(() => unwrap({ status: 0, msg: "Serial number 'A12' already exists", data: null }));
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('EnvelopeError');
    expect(e.message).toBe("Serial number 'A12' already exists");
    expect(e.msg).toBe(e.message);
    expect(e.status).toBe(0);
    expect(caught(() => unwrap({ status: 403, msg: 'Forbidden' })).status).toBe(403);
  });

  it.each([
    null,
    undefined,
    'ok',
    1,
    [],
    {},
    { status: '1', msg: '', data: 1 },
    { status: 1, data: 1 },
    { msg: 'x' },
  ])('throws an unexpected-reply error for %p', (reply) => {
    const e = caught(() => unwrap(reply));
    expect(e.message).toBe(MSG.unexpectedReply);
    expect(e.status).toBeUndefined();
    expect(isEnvelope(reply)).toBe(false);
  });

  it('round-trips any data through ok and unwrap', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), (data, msg) => expect(unwrap(ok(data, msg))).toBe(data)),
    );
  });

  it('rejects every status but 1', () => {
    fc.assert(
      fc.property(
        fc.integer().filter((s) => s !== SUCCESS),
        fc.string(),
        (status, msg) => {
          expect(caught(() => unwrap({ status, msg, data: 1 }))).toMatchObject({ message: msg, status });
        },
      ),
    );
  });
});
