/** One call to the API as `headers` say (a session or an API token), the envelope unwrapped. */
export type ApiCall = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** Calls to the API at `server` (its origin); a refusal throws with the server's message. */
export function apiCaller(server: string, headers: Record<string, string>): ApiCall {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server}/webcyc/api${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const reply = (await response.json()) as { status: number; msg: string; data: T };
    if (reply.status !== 1) throw new Error(`${method} ${path}: ${reply.msg}`);
    return reply.data;
  };
}
