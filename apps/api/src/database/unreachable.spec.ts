import { isDatabaseUnreachable } from './unreachable';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it.each([
    ['a refused connection', pgError('ECONNREFUSED')],
    ['a reset connection', pgError('ECONNRESET')],
    ['a server shutting down', pgError('57P01', 'terminating connection due to administrator command')],
    ['a server starting', pgError('57P03', 'the database system is starting up')],
    ['a connection exception', pgError('08006')],
    [
      'a read cancelled by the standby',
      pgError('40001', 'canceling statement due to conflict with recovery'),
    ],
    ['a closed socket', new Error('Connection terminated unexpectedly')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['a syntax error', pgError('42601', 'syntax error at or near "SELEC"')],
    ['a unique violation', pgError('23505')],
    ['a serialization failure on the primary', pgError('40001', 'could not serialize access')],
    ['a plain error', new Error('boom')],
    ['not an error', 'ECONNREFUSED'],
  ])('leaves %s alone', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});
