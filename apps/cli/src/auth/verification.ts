import { deriveKey } from 'altcha-lib/algorithms/sha';
import { solveChallenge } from 'altcha-lib';
import { endpoints } from '@sweepline/domain';
import { ApiClient } from '../client/api-client';
import { ApiError } from '../client/api-error';

/**
 * The human verification of the log-in page, done by the program itself (docs/api/identity.md):
 * fetch an ALTCHA challenge (which starts a signed-out session), solve its proof of work (about
 * 0.2 s), and send the solution, which marks that session verified for one log-in attempt.
 * Returns the verified session's token.
 */
export async function verifiedSession(server: string): Promise<string> {
  const anonymous = new ApiClient(server, undefined);
  const issued = await anonymous.requestForSession(endpoints.identity.challenge);
  if (!issued.sessionToken) {
    throw new ApiError('unexpected', `The server ${server} started no session for the verification.`);
  }
  const challenge = issued.data;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new ApiError('unexpected', 'The verification challenge could not be solved.');
  const ticket = Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');
  const session = new ApiClient(server, { kind: 'session', token: issued.sessionToken });
  await session.request(endpoints.identity.verifyCaptcha, {
    body: { ticket, randstr: challenge.signature ?? '' },
  });
  return issued.sessionToken;
}
