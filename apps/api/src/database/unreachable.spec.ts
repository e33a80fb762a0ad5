import { QueryFailedError } from 'typeorm';
import { isDatabaseUnreachable, reasonOf } from './unreachable';

/** An error as pg makes them: a message and, from the server or the socket, a code. */
function pgError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code ? { code } : {});
}

describe('isDatabaseUnreachable', () => {
  it.each([
    ['a refused connection', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', pgError('read ECONNRESET', 'ECONNRESET')],
    [
      'a fast shutdown (admin_shutdown)',
      pgError('terminating connection due to administrator command', '57P01'),
    ],
    ['a server starting up (cannot_connect_now)', pgError('the database system is starting up', '57P03')],
    ['a server shutting down (cannot_connect_now)', pgError('the database system is shutting down', '57P03')],
    [
      'a crash of another backend',
      pgError('terminating connection because of crash of another server process', '57P02'),
    ],
    ['a connection failure (class 08)', pgError('connection failure', '08006')],
    ['every slot taken', pgError('sorry, too many clients already', '53300')],
    [
      'a read cancelled by the standby',
      pgError('canceling statement due to conflict with recovery', '40001'),
    ],
    ['a connection closed mid-query', pgError('Connection terminated unexpectedly')],
    ['no connection within the pool wait', pgError('timeout exceeded when trying to connect')],
    [
      'a request whose connection was released by its drop',
      Object.assign(new Error('Query runner already released'), { name: 'QueryRunnerAlreadyReleasedError' }),
    ],
  ])('recognises %s', (_what, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it('looks inside TypeORM QueryFailedError and an AggregateError of connection attempts', () => {
    const wrapped = new QueryFailedError('SELECT 1', [], pgError('terminating connection', '57P01'));
    expect(isDatabaseUnreachable(wrapped)).toBe(true);
    const attempts = new AggregateError([pgError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], '');
    expect(isDatabaseUnreachable(attempts)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('duplicate key value', '23505')],
    ['a syntax error', pgError('syntax error at or near "SELEC"', '42601')],
    ['a statement timeout', pgError('canceling statement due to statement timeout', '57014')],
    ['a serialization failure on the primary', pgError('could not serialize access', '40001')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a thrown string', 'nothing'],
    ['nothing at all', undefined],
  ])('leaves %s to the other answers', (_what, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });

  it('says the reason with its code', () => {
    const wrapped = new QueryFailedError(
      'SELECT 1',
      [],
      pgError('the database system is starting up', '57P03'),
    );
    expect(reasonOf(wrapped)).toBe('57P03: the database system is starting up');
  });
});
