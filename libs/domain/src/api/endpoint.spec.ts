import { endpoint, pathOf, queryString, urlFrom, urlOf, type CallArgs, type PathParamName } from './endpoint';
import { endpoints } from './endpoints';

interface PairQuery {
  sn: string;
  product_id?: string;
}

const history = endpoint<{ query: PairQuery; reply: string }>()('GET', '/sn/history');
const attachment = endpoint<{ reply: null }>()('GET', '/runs/:id/attachments/:attachmentId');

describe('endpoint', () => {
  it('keeps the method and the path it is given', () => {
    expect(history).toEqual({ method: 'GET', path: '/sn/history' });
  });

  it('names the path parameters in its type', () => {
    const names: PathParamName<typeof attachment>[] = ['id', 'attachmentId'];
    // @ts-expect-error: the path has no parameter of this name
    const wrong: PathParamName<typeof attachment> = 'runId';
    expect([...names, wrong]).toHaveLength(3);
  });
});

describe('pathOf', () => {
  it('is the path itself for an endpoint without parameters', () => {
    expect(pathOf(endpoints.serialNumbers.products)).toBe('/sn');
  });

  it('fills in every parameter, encoded as one segment', () => {
    expect(pathOf(attachment, { params: { id: 12, attachmentId: 'a/b c' } })).toBe(
      '/runs/12/attachments/a%2Fb%20c',
    );
  });

  it('refuses a parameter the path does not have, or one left out, when type checked', () => {
    // @ts-expect-error: no parameter `runId`
    pathOf(endpoints.results.traces, { params: { runId: 1 } });
    // @ts-expect-error: `attachmentId` is missing
    pathOf(attachment, { params: { id: 1 } });
    // @ts-expect-error: the parameters are needed
    expect(pathOf(endpoints.users.edit)).toBe('/user/undefined');
  });
});

describe('queryString', () => {
  it('is empty without a key to send', () => {
    expect(queryString(undefined)).toBe('');
    expect(queryString({ sn: undefined })).toBe('');
  });

  it('keeps the keys in order, leaves out undefined ones and encodes every part', () => {
    expect(queryString({ sn: 'A 1&2+3', product_id: undefined, is_all: 1, 'a b': 'é' })).toBe(
      '?sn=A%201%262%2B3&is_all=1&a%20b=%C3%A9',
    );
  });
});

describe('urlOf', () => {
  it('joins the filled-in path and the query', () => {
    expect(urlOf(history, { query: { sn: 'A1', product_id: 3 } })).toBe('/sn/history?sn=A1&product_id=3');
    expect(urlOf(endpoints.users.reactivate, { params: { id: 7 } })).toBe('/user/reactivate/7');
    expect(urlOf(endpoints.site.info)).toBe('/site');
  });

  it('refuses a query key the endpoint does not read, or a missing one, when type checked', () => {
    // @ts-expect-error: GET /sn/history reads no `serial`
    urlOf(history, { query: { sn: 'A1', serial: 'A1' } });
    // @ts-expect-error: `sn` is needed
    urlOf(history, { query: { product_id: 1 } });
    // @ts-expect-error: GET /site has no query
    expect(urlOf(endpoints.site.info, { query: { sn: 'A1' } })).toBe('/site?sn=A1');
  });
});

describe('urlFrom', () => {
  it('builds the same URL as urlOf from arguments a client passes on', () => {
    expect(urlFrom(history, { query: { sn: 'A 1' } })).toBe(urlOf(history, { query: { sn: 'A 1' } }));
    expect(urlFrom(endpoints.site.info, undefined)).toBe('/site');
  });
});

describe('CallArgs', () => {
  it('asks for the body an endpoint takes, and for none where it takes none', () => {
    const add: CallArgs<typeof endpoints.serialNumbers.add> = { body: { product_id: 1, sn_array: ['A1'] } };
    // @ts-expect-error: GET /sn takes no body
    const none: CallArgs<typeof endpoints.serialNumbers.products> = { body: {} };
    expect([add, none]).toHaveLength(2);
  });
});

describe('endpoints', () => {
  const all = Object.values(endpoints).flatMap((feature) => Object.values(feature));

  it('names each method and path once', () => {
    const calls = all.map((e) => `${e.method} ${e.path}`);
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('writes every path from the root of the API, in lower case with `:name` parameters', () => {
    for (const e of all) expect(e.path).toMatch(/^(\/([a-z_-]+|:[a-zA-Z]+))+$/);
  });
});
