import { endpoints } from '@sweepline/domain';
import { ApiClient } from '../client/api-client';
import { ApiError } from '../client/api-error';
import type { SavedLogin } from './credentials';
import { saveLogin } from './credentials';
import { verifiedSession } from './verification';

/**
 * Logs in as the web page does (verification, then POST /login) and saves the new session in the
 * credentials file. The password is sent once and never stored. Refusals (`Wrong email or
 * password`, `Too many attempts…`) come as ApiError 'refused' with the server's message.
 */
export async function logIn(server: string, email: string, password: string): Promise<SavedLogin> {
  const verified = await verifiedSession(server);
  const client = new ApiClient(server, { kind: 'session', token: verified });
  const { data, sessionToken } = await client.requestForSession(endpoints.identity.login, {
    body: { email, password },
  });
  if (!sessionToken)
    throw new ApiError('unexpected', `The server ${server} answered the log-in without a session.`);
  const login: SavedLogin = {
    token: sessionToken,
    email: data.email,
    name: data.name,
    savedAt: new Date().toISOString(),
  };
  saveLogin(server, login);
  return login;
}
