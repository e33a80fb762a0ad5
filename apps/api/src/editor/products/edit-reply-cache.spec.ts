import { gunzipSync } from 'node:zlib';
import { EditReplyCache } from './edit-reply-cache';

const json = (text: string) => JSON.stringify({ text });
const unzip = (reply: { gzipped: Buffer }) => JSON.parse(gunzipSync(reply.gzipped).toString()) as unknown;

/** A build that counts its calls and answers `etag` with a body naming it. */
function counting(etag: string, padding = 0) {
  const calls = { count: 0 };
  const build = async () => {
    calls.count += 1;
    return { etag, json: json(etag + ' '.repeat(padding)) };
  };
  return { calls, build };
}

describe('EditReplyCache', () => {
  it('builds a version once and serves the gzipped reply after that', async () => {
    const cache = new EditReplyCache(1024 * 1024);
    const { calls, build } = counting('v1');
    const first = await cache.get('v1', build);
    const second = await cache.get('v1', build);
    expect(calls.count).toBe(1);
    expect(unzip(first)).toEqual({ text: 'v1' });
    expect(second).toEqual({ etag: 'v1', gzipped: first.gzipped });
  });

  it('lets requests for a version being built wait for that one build', async () => {
    const cache = new EditReplyCache(1024 * 1024);
    const { calls, build } = counting('v1');
    const replies = await Promise.all([
      cache.get('v1', build),
      cache.get('v1', build),
      cache.get('v1', build),
    ]);
    expect(calls.count).toBe(1);
    expect(new Set(replies.map((r) => r.gzipped)).size).toBe(1);
  });

  it('keeps a reply under the ETag its rows gave when a write came between', async () => {
    const cache = new EditReplyCache(1024 * 1024);
    const newer = await cache.get('v1', counting('v2').build);
    expect(newer.etag).toBe('v2');
    const { calls, build } = counting('v2');
    expect(unzip(await cache.get('v2', build))).toEqual({ text: 'v2' });
    expect(calls.count).toBe(0);
  });

  it('does not keep a failed build: the next request builds again', async () => {
    const cache = new EditReplyCache(1024 * 1024);
    await expect(
      cache.get('v1', async () => {
        throw new Error('database gone');
      }),
    ).rejects.toThrow('database gone');
    const { calls, build } = counting('v1');
    expect(unzip(await cache.get('v1', build))).toEqual({ text: 'v1' });
    expect(calls.count).toBe(1);
  });

  it('drops the least recently used replies once the budget is spent', async () => {
    // random text does not compress: each reply takes about 3 KiB of a 7 KiB budget
    const noise = (etag: string) => async () => ({
      etag,
      json: json(
        Array.from({ length: 4000 }, () => String.fromCharCode(33 + Math.floor(Math.random() * 90))).join(''),
      ),
    });
    const cache = new EditReplyCache(7 * 1024);
    await cache.get('a', noise('a'));
    await cache.get('b', noise('b'));
    await cache.get('a', noise('a')); // a is now the most recently used
    await cache.get('c', noise('c')); // over budget: b goes
    const again = { a: counting('a'), b: counting('b'), c: counting('c') };
    await cache.get('a', again.a.build);
    await cache.get('c', again.c.build);
    await cache.get('b', again.b.build);
    expect([again.a.calls.count, again.b.calls.count, again.c.calls.count]).toEqual([0, 1, 0]);
  });

  it('serves but never keeps a reply larger than the whole budget', async () => {
    const cache = new EditReplyCache(16);
    const { calls, build } = counting('big', 1000);
    expect(unzip(await cache.get('big', build))).toEqual({ text: 'big' + ' '.repeat(1000) });
    await cache.get('big', build);
    expect(calls.count).toBe(2);
  });
});
