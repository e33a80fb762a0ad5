import { MSG, TIMES_MS, endpoints } from '@sweepline/domain';
import { HttpResponse, delay, http } from 'msw';
import { ok, path, refuse, server } from '../../test/server';
import { ApiError, api, callsRunning, onUnauthorized, reportFailure, sessionToken } from './api-client';

describe('api client', () => {
  it('sends the stored session id and keeps the one a reply renews', async () => {
    sessionToken.set('old');
    let sent: string | null = null;
    server.use(
      http.get(path('/login_state'), ({ request }) => {
        sent = request.headers.get('x-auth-token');
        return ok({ email: '', name: '', role: 3 }, { 'x-auth-token': 'new' });
      }),
    );
    await api.call(endpoints.identity.loginState);
    expect(sent).toBe('old');
    expect(sessionToken.get()).toBe('new');
  });

  it('sends no session header without a stored id, and JSON bodies', async () => {
    let seen: { token: string | null; body: unknown } | undefined;
    server.use(
      http.post(path('/login'), async ({ request }) => {
        seen = { token: request.headers.get('x-auth-token'), body: await request.json() };
        return ok({ email: 'a@b.example', name: 'A', role: 0 });
      }),
    );
    const body = { email: 'a@b.example', password: 'secret' };
    await expect(api.call(endpoints.identity.login, { body })).resolves.toEqual({
      email: 'a@b.example',
      name: 'A',
      role: 0,
    });
    expect(seen).toEqual({ token: null, body });
  });

  it("rejects a status other than 1 with the server's msg", async () => {
    server.use(http.post(path('/login'), () => refuse('Wrong email or password')));
    await expect(api.call(endpoints.identity.login, { body: { email: '', password: '' } })).rejects.toThrow(
      new ApiError('Wrong email or password'),
    );
  });

  it('sends a 401 to the shell with Please log in, forgetting the session', async () => {
    sessionToken.set('expired');
    const redirect = jest.fn();
    const remove = onUnauthorized(redirect);
    server.use(http.get(path('/user/account'), () => refuse(MSG.pleaseLogIn, 401)));
    const failure = await api.call(endpoints.accounts.account).catch((e: ApiError) => e);
    remove();
    expect(failure).toMatchObject({ message: MSG.pleaseLogIn, redirected: true });
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(sessionToken.get()).toBeNull();
  });

  it('makes a 403 body the error', async () => {
    server.use(
      http.get(path('/user/account'), () =>
        refuse('Your role may not do this: it needs the account manager', 403),
      ),
      http.get(path('/site'), () => new HttpResponse('Forbidden', { status: 403 })),
    );
    await expect(api.call(endpoints.accounts.account)).rejects.toThrow(
      'Your role may not do this: it needs the account manager',
    );
    await expect(api.call(endpoints.site.info)).rejects.toThrow('Forbidden');
  });

  it('reads a lost network and a reply without an envelope as No internet', async () => {
    server.use(
      http.get(path('/site'), () => HttpResponse.error()),
      http.get(path('/version'), () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(api.call(endpoints.site.info)).rejects.toThrow(MSG.noInternet);
    await expect(api.call(endpoints.releases.list)).rejects.toThrow(MSG.noInternet);
  });

  it('says so when a success reply is not an envelope', async () => {
    server.use(http.get(path('/site'), () => HttpResponse.json({ hello: 1 })));
    await expect(api.call(endpoints.site.info)).rejects.toThrow(MSG.unexpectedReply);
  });

  it('gives up after 60 s with No internet', async () => {
    jest.useFakeTimers();
    server.use(
      http.get(path('/site'), async () => {
        await delay('infinite');
        return ok(null);
      }),
    );
    const call = api.call(endpoints.site.info);
    const failure = call.catch((e: ApiError) => e);
    await jest.advanceTimersByTimeAsync(TIMES_MS.httpTimeout - 1);
    expect(callsRunning.count()).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    jest.useRealTimers();
    expect(await failure).toMatchObject({ message: MSG.noInternet });
    expect(callsRunning.count()).toBe(0);
  });

  it('tells the loading overlay how many calls run', async () => {
    server.use(http.get(path('/login_state'), () => ok({ email: '', name: '', role: 3 })));
    const seen: number[] = [];
    const stop = callsRunning.subscribe(() => seen.push(callsRunning.count()));
    await Promise.all([api.call(endpoints.identity.loginState), api.call(endpoints.identity.loginState)]);
    stop();
    expect(seen).toEqual([1, 2, 1, 0]);
  });

  it('reports failures, except a 401 the shell already handled', () => {
    const show = jest.fn();
    reportFailure(new ApiError('Nope', 400), show);
    reportFailure(new ApiError(MSG.pleaseLogIn, 401), show);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith('Nope');
  });
});
