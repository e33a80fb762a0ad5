import { Conflict, DomainError, Forbidden, NotFound, Refused, TooLarge, Unavailable } from './errors';

describe('domain errors', () => {
  it('name what was not found in the message', () => {
    const error = new NotFound('Product');
    expect(error.message).toBe('Product not found');
    expect(error.kind).toBe('not-found');
  });

  it('may say more than what was not found', () => {
    const error = NotFound.saying('Serial number A1 not found in product F-200');
    expect(error.message).toBe('Serial number A1 not found in product F-200');
    expect(error.kind).toBe('not-found');
  });

  it.each([
    [new Conflict('Name taken'), 'conflict'],
    [new Refused('Bad step'), 'refused'],
    [new Forbidden('Managers only'), 'forbidden'],
    [new TooLarge('Files over quota'), 'too-large'],
    [new Unavailable('Mail down'), 'unavailable'],
  ] as const)('%s carries its kind and message', (error, kind) => {
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toBeInstanceOf(Error);
    expect(error.kind).toBe(kind);
    expect(error.message).not.toBe('');
  });
});
