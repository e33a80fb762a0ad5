import { act, renderHook, waitFor } from '@testing-library/react';
import { MSG } from '@sweepline/domain';
import { ApiError } from './api-client';
import { invalidateServerData } from './server-data-reloads';
import { useServerData, type ServerDataOptions } from './useServerData';

/** A call whose reply the test sends when it likes. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function renderServerData(
  initial: { arg: number; load: ((arg: number) => Promise<string>) | undefined },
  options?: ServerDataOptions,
) {
  return renderHook(
    ({ arg, load }) => useServerData(['test/data', arg], load && (() => load(arg)), options),
    { initialProps: initial },
  );
}

describe('useServerData', () => {
  it('loads when mounted and shows the loading state until the answer', async () => {
    const reply = deferred<string>();
    const { result } = renderServerData({ arg: 1, load: () => reply.promise });
    expect(result.current.loading).toBe(true);
    await act(async () => reply.resolve('one'));
    expect(result.current).toMatchObject({ data: 'one', loading: false, error: undefined });
  });

  it('draws its screen once as it mounts, not again when the call starts (issue 43)', () => {
    const reply = deferred<string>();
    let renders = 0;
    renderHook(() => {
      renders += 1;
      return useServerData(['test/data'], () => reply.promise);
    });
    // the effect that asks sets the loading state it already had: no second render of the screen
    expect(renders).toBe(1);
  });

  it('asks nothing without a load', () => {
    const { result } = renderServerData({ arg: 1, load: undefined });
    expect(result.current).toMatchObject({ data: undefined, loading: false });
  });

  it('drops a stale reply that arrives after the key changed', async () => {
    const replies = [deferred<string>(), deferred<string>()];
    const load = jest.fn((arg: number) => replies[arg - 1]!.promise);
    const { result, rerender } = renderServerData({ arg: 1, load });
    rerender({ arg: 2, load });
    await act(async () => replies[1]!.resolve('two'));
    await act(async () => replies[0]!.resolve('one'));
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.current.data).toBe('two');
  });

  it('keeps the last answer while the next one loads', async () => {
    const second = deferred<string>();
    const load = jest.fn((arg: number) => (arg === 1 ? Promise.resolve('one') : second.promise));
    const { result, rerender } = renderServerData({ arg: 1, load });
    await waitFor(() => expect(result.current.data).toBe('one'));
    rerender({ arg: 2, load });
    expect(result.current).toMatchObject({ data: 'one', loading: true });
  });

  it('asks again on reload and after its name is invalidated', async () => {
    let calls = 0;
    const load = jest.fn(async () => `answer ${++calls}`);
    const { result } = renderServerData({ arg: 1, load });
    await waitFor(() => expect(result.current.data).toBe('answer 1'));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toBe('answer 2'));
    act(() => invalidateServerData('test/data'));
    await waitFor(() => expect(result.current.data).toBe('answer 3'));
    act(() => invalidateServerData('other/data'));
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("keeps a refusal's message, clears the answer and tells onError", async () => {
    const onError = jest.fn();
    const load = jest.fn(async (arg: number) => {
      if (arg === 2) throw new ApiError('No runs in the range', 400);
      return 'one';
    });
    const { result, rerender } = renderServerData({ arg: 1, load }, { onError });
    await waitFor(() => expect(result.current.data).toBe('one'));
    rerender({ arg: 2, load });
    await waitFor(() => expect(result.current.error).toBe('No runs in the range'));
    expect(result.current).toMatchObject({ data: undefined, loading: false });
    expect(onError).toHaveBeenCalledWith('No runs in the range');
  });

  it('keeps the last answer on a refusal when asked to', async () => {
    const load = jest.fn(async (arg: number) => {
      if (arg === 2) throw new ApiError('Error', 400);
      return 'one';
    });
    const { result, rerender } = renderServerData({ arg: 1, load }, { keepDataOnError: true });
    await waitFor(() => expect(result.current.data).toBe('one'));
    rerender({ arg: 2, load });
    await waitFor(() => expect(result.current.error).toBe('Error'));
    expect(result.current.data).toBe('one');
  });

  it('stays quiet after a 401, which the client answers by going to /login', async () => {
    const onError = jest.fn();
    const load = jest.fn(async () => {
      throw new ApiError(MSG.pleaseLogIn, 401);
    });
    const { result } = renderServerData({ arg: 1, load }, { onError });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.error).toBeUndefined();
    expect(onError).not.toHaveBeenCalled();
  });

  it('lays a mutation answer over the data', async () => {
    const { result } = renderServerData({ arg: 1, load: async () => 'one' });
    await waitFor(() => expect(result.current.data).toBe('one'));
    act(() => result.current.setData((data) => `${data} and two`));
    expect(result.current.data).toBe('one and two');
  });
});
