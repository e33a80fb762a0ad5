import { deriveKey } from 'altcha-lib/algorithms/sha';
import { solveChallenge } from 'altcha-lib';
import { endpoints } from '@sweepline/domain';
import { ApiClient } from '../client/api-client';
import { ApiError } from '../client/api-error';

/**
 * The human verification of the log-in page, done by the program itself (docs/api/identity.md):
 * fetch an ALTCHA challenge, solve its proof of work (about 0.2 s), and send the solution, which
 * starts a signed-out session verified for one log-in attempt. Returns that session's token.
 */
export async function verifiedSession(server: string): Promise<string> {
  const anonymous = new ApiClient(server, undefined);
  const challenge = await anonymous.request(endpoints.identity.challenge);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new ApiError('unexpected', 'The verification challenge could not be solved.');
  const ticket = Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');
  const verified = await anonymous.requestForSession(endpoints.identity.verifyCaptcha, {
    body: { ticket, randstr: challenge.signature ?? '' },
  });
  if (!verified.sessionToken) {
    throw new ApiError('unexpected', `The server ${server} started no session for the verification.`);
  }
  return verified.sessionToken;
}
