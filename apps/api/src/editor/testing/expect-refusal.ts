import type { DomainError } from '@sweepline/domain';

/**
 * Expects `promise` to fail with the refusal `expected`: the same kind (its HTTP status) and the
 * same words, which the specifications fix. Jest's toThrow(error) compares the message alone.
 */
export async function expectRefusal(promise: Promise<unknown>, expected: DomainError): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(expected.constructor);
  expect((error as Error).message).toBe(expected.message);
}
