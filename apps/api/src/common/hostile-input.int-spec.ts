import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Role, type SnReport, type StepResult } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi } from '../editor/testing/editor-api';
import type { LineTest } from '../runner/testing/runner-fixtures';
import {
  addSerialNumbers,
  PASS_STEPS,
  productWithTests,
  runOf,
  runRows,
} from '../runner/testing/runner-fixtures';
import { MAX_JSON_DEPTH } from './json-depth';
import { NUL_MSG } from './hostile-text';

const API = '/webcyc/api';
const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const TOO_DEEP = `The request body nests deeper than ${MAX_JSON_DEPTH} levels`;

interface PartialPost {
  path: string;
  /** The first bytes of the body, all that is sent. */
  sent: Buffer;
  /** The body's declared length; none sends it chunked, as a stream of unknown length goes. */
  announced?: number;
  contentType?: string;
  token?: string;
  method?: string;
}

/** How long a partial post waits for its reply: a server that waits for the body never answers. */
const REPLY_WAIT_MS = 2_000;

/**
 * Sends only the first bytes of a body and resolves with the reply's status, never sending the
 * rest: a server that read the body before it knew the caller would wait for the rest, and the
 * call ends as 'waited'. The server closes a refused caller's connection without reading the
 * body, so the client may see the connection cut before the reply: 'cut'.
 */
function postWithoutTheBody(server: Server, post: PartialPost): Promise<number | 'cut' | 'waited'> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      'content-type': post.contentType ?? 'application/json',
    };
    if (post.announced !== undefined) headers['content-length'] = post.announced;
    if (post.token) headers['x-auth-token'] = post.token;
    const method = post.method ?? 'POST';
    const req = httpRequest({ host: '127.0.0.1', port, path: post.path, method, headers }, (res) => {
      clearTimeout(waiting);
      resolve(res.statusCode!);
      res.resume();
      req.destroy();
    });
    const waiting = setTimeout(() => {
      resolve('waited');
      req.destroy();
    }, REPLY_WAIT_MS);
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(waiting);
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve('cut');
      else if (!req.destroyed || error.message !== 'socket hang up') reject(error);
    });
    req.write(post.sent);
  });
}

/** Issue 42: what hostile bodies, queries and paths get (docs/api.md, "What a body may hold"). */
describeEachDatabase('hostile input (issue 42)', (t) => {
  let manager: Member;
  let operator: Member;
  let test: LineTest;
  let productId: number;
  const api = () => editorApi(t, manager);
  const raw = (path: string, json: string, member: Member | undefined = manager) => {
    const call = editorApi(t, member).post(path).set('content-type', 'application/json');
    return call.send(json);
  };
  const refusal = (msg: string) => ({ status: 0, msg, data: null });

  beforeAll(async () => {
    manager = await createManager(t());
    operator = await createMember(t(), manager.accountId, Role.Operator);
    const line = await productWithTests(editorApi(t, manager), 'Hostile', [1]);
    [test] = line.tests as [LineTest];
    productId = line.product.id;
    await addSerialNumbers(editorApi(t, operator), line.product.id, ['H-1']);
    const server = t().http() as Server;
    if (!server.listening) await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  });

  describe('finding 1: a bounded parser, and the caller before the body', () => {
    it('answers a 15 MB nested upload without a token 401 at once, without reading it', async () => {
      const levels = 7.5 * 1024 * 1024;
      const head = Buffer.from('['.repeat(64 * 1024));
      const rssBefore = process.memoryUsage().rss;
      for (let i = 0; i < 5; i++) {
        // 64 KiB of the announced 15 MB: only a server that does not wait for the body answers
        const status = await postWithoutTheBody(t().http() as Server, {
          path: `${API}/runner/runs`,
          sent: head,
          announced: 2 * levels,
        });
        expect([401, 'cut']).toContain(status);
      }
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
    }, 10_000);

    // every call the runner's API token makes with a body (docs/requirements/runner.md#runner-calls),
    // and the editor's a CI script makes: each knows its caller before it reads a byte
    const tokenRoutes: [string, string][] = [
      ['POST', '/runner/runs'],
      ['POST', '/runner/instruments/check'],
      ['POST', '/runner/station'],
      ['POST', '/sn'],
      ['POST', '/sn_stage_history'],
      ['PUT', '/seq/import'],
      ['POST', '/seq/1/releases'],
      ['POST', '/containment/retest'],
    ];

    it.each(tokenRoutes)(
      '%s %s answers a body without a token 401 before reading it, declared or chunked',
      async (method, path) => {
        const server = t().http() as Server;
        const head = Buffer.from(`{"a":${'['.repeat(64 * 1024)}`);
        // under the JSON routes' 2 MB, so no declared size refuses it first
        const declared = await postWithoutTheBody(server, {
          method,
          path: `${API}${path}`,
          sent: head,
          announced: 1.5 * 1024 * 1024,
        });
        // 15 MB of unknown length: only the parser's limit, once read, would stop it
        const chunked = await postWithoutTheBody(server, { method, path: `${API}${path}`, sent: head });
        expect([declared, chunked].map((status) => (status === 'cut' ? 401 : status))).toEqual([401, 401]);
      },
    );

    it("answers a role the route refuses 403 before reading the body, and an attachment's without a token 401", async () => {
      const server = t().http() as Server;
      const head = Buffer.from(`{"a":${'['.repeat(64 * 1024)}`);
      const asOperator = await postWithoutTheBody(server, {
        method: 'PUT',
        path: `${API}/seq/import`,
        sent: head,
        announced: 1.5 * 1024 * 1024,
        token: operator.token,
      });
      expect([403, 'cut']).toContain(asOperator);
      const form = await postWithoutTheBody(server, {
        path: `${API}/runner/runs/1/attachments`,
        sent: Buffer.from(
          `--b\r\ncontent-disposition: form-data; name="file"; filename="a.bin"\r\n\r\n${'x'.repeat(64 * 1024)}`,
        ),
        announced: 4 * 1024 * 1024,
        contentType: 'multipart/form-data; boundary=b',
      });
      expect([401, 'cut']).toContain(form);
    });

    it('still reads the body of an admitted caller, and of a public route', async () => {
      const added = await editorApi(t, operator).post('/sn', { product_id: productId, sn_array: ['H-2'] });
      expect([added.status, added.body.status]).toEqual([201, 1]);
      const login = await editorApi(t, undefined).post('/login', { email: 'nobody@example.com' });
      expect([login.status, login.body.msg]).toEqual([400, 'password must be a string']);
    });

    it('refuses 3,000 levels of nesting with 400 on any JSON route, the upload with a token too', async () => {
      const deep = `{"name":${nested(3000)}}`;
      expect([(await raw('/product', deep)).status, (await raw('/product', deep)).body]).toEqual([
        400,
        refusal(TOO_DEEP),
      ]);
      const upload = await raw('/runner/runs', nested(3000), operator);
      expect([upload.status, upload.body]).toEqual([400, refusal(TOO_DEEP)]);
    });

    it(`takes ${MAX_JSON_DEPTH} levels to the validation, which names the field`, async () => {
      const res = await raw('/product', `{"name":${nested(MAX_JSON_DEPTH - 1)}}`);
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/^name\b/);
    });
  });

  describe('finding 3: the server judges each step', () => {
    it('refuses a run whose step is marked passed against its own value and limits', async () => {
      const before = await runRows(t, manager.accountId!);
      const steps = [...PASS_STEPS];
      steps[1] = { ...steps[1]!, value: 99.9, upper: 1.5, result: 1 };
      const res = await editorApi(t, operator).post('/runner/runs', runOf(test, 'H-1', { steps }));
      expect([res.status, res.body]).toEqual([
        400,
        refusal('steps[1]: value 99.9 is above the upper limit 1.5, but the step is marked passed'),
      ]);
      expect(await runRows(t, manager.accountId!)).toEqual(before);
    });

    it('judges an answered step against the answers its row expects, and refuses malformed ones', async () => {
      const before = await runRows(t, manager.accountId!);
      const question = {
        ...PASS_STEPS[1]!,
        lower: null,
        upper: null,
        unit: '',
        value: 'no',
        expected: ['yes'],
      };
      const upload = (step: object) =>
        editorApi(t, operator).post(
          '/runner/runs',
          runOf(test, 'H-1', { steps: [...PASS_STEPS, step as StepResult] }),
        );
      const wrong = await upload(question);
      expect([wrong.status, wrong.body]).toEqual([
        400,
        refusal('steps[3]: answer "no" is not the expected "yes", but the step is marked passed'),
      ]);
      const skipped = await upload({ ...question, value: 'skipped: Timeout', expected: undefined });
      expect(skipped.body.msg).toBe(
        'steps[3]: the step was skipped ("skipped: Timeout"), but it is marked passed',
      );
      const malformed = await upload({ ...question, expected: 'yes' });
      expect([malformed.status, malformed.body]).toEqual([
        400,
        refusal('steps[3].expected: Up to 9 expected answers, each a text'),
      ]);
      expect(await runRows(t, manager.accountId!)).toEqual(before);
    });
    // docs/api/runs.md, "The server's verdict": a row that names no expected answer states no
    // criterion, so it cannot contradict itself; it is kept with its sender's flag, and the report
    // shows it without one, so a reader sees that nothing judged it
    it("keeps an older runner's Question row and a Save SnP row (text, no expected answers) with their flag", async () => {
      await addSerialNumbers(editorApi(t, operator), productId, ['H-3']);
      const olderQuestion = { ...PASS_STEPS[1]!, title: 'Visual OK?', lower: null, upper: null, unit: '' };
      const steps: StepResult[] = [
        ...PASS_STEPS,
        { ...olderQuestion, value: 'no', result: 1 },
        { ...olderQuestion, title: 'Save SnP', value: 'unit-H-3.s2p', result: 1 },
      ];
      const res = await editorApi(t, operator).post('/runner/runs', runOf(test, 'H-3', { steps }));
      expect([res.status, res.body.status]).toEqual([201, 1]);
      const report = await api().get('/report/sn?sn=H-3');
      const kept = (report.body as { data: SnReport }).data.reports[0]!;
      expect([kept.result, kept.steps.slice(-2)]).toEqual([1, steps.slice(-2)]);
      expect(kept.steps.slice(-2).map((step) => 'expected' in step)).toEqual([false, false]);
    });

    it('judges the same rows once they name their expected answers, or when they say they were skipped', async () => {
      const question = {
        ...PASS_STEPS[1]!,
        lower: null,
        upper: null,
        unit: '',
        value: 'no',
        result: 1 as const,
      };
      const upload = (step: StepResult) =>
        editorApi(t, operator).post('/runner/runs', runOf(test, 'H-1', { steps: [...PASS_STEPS, step] }));
      expect((await upload({ ...question, expected: [] })).body.msg).toBe(
        'steps[3]: answer "no" has no expected answer, but the step is marked passed',
      );
      expect((await upload({ ...question, value: 'skipped: No reply' })).body.msg).toBe(
        'steps[3]: the step was skipped ("skipped: No reply"), but it is marked passed',
      );
    });
  });

  describe('finding 4: a NUL byte', () => {
    it('is refused in a body, a query, a path and a run upload, naming the field', async () => {
      const body = await api().post('/product', { name: 'Filter\u0000' });
      expect([body.status, body.body]).toEqual([400, refusal(`name: ${NUL_MSG}`)]);
      const query = await api().get('/runner/sn?sn=H-1%00');
      expect([query.status, query.body]).toEqual([400, refusal(`sn: ${NUL_MSG}`)]);
      const path = await api().get('/runs/%00/traces');
      expect([path.status, path.body]).toEqual([400, refusal(`id: ${NUL_MSG}`)]);
      const steps = [...PASS_STEPS];
      steps[1] = { ...steps[1]!, title: 'Loss\u0000' };
      const upload = await editorApi(t, operator).post('/runner/runs', runOf(test, 'H-1', { steps }));
      expect([upload.status, upload.body]).toEqual([400, refusal(`steps[1].title: ${NUL_MSG}`)]);
    });
  });

  describe('finding 6: CSV formulas', () => {
    it("writes a user's text that a spreadsheet would run as a formula as text in the API's CSV", async () => {
      // a name may hold neither quotes nor control characters, so a formula without them
      const name = '=SUM(A1, A2)';
      const added = await api().post('/product', { name });
      expect([added.status, added.body.status]).toEqual([201, 1]);
      const csv = (await api().get('/audit/csv?zone_offset=0')).text;
      expect(csv).toContain(`,"'=SUM(A1, A2)",`);
      expect(csv).not.toMatch(/(^|,)"?=SUM/m);
    });
  });

  describe('finding 8: ids', () => {
    it('refuses ids that only a number conversion would read', async () => {
      for (const path of ['/runs/15723/attachments/07', '/runs/15723/attachments/7.0']) {
        const res = await api().get(path);
        expect([path, res.status, res.body]).toEqual([path, 400, refusal('attachmentId: Invalid id')]);
      }
      const hex = await api().get('/runs/0x3d6b/traces');
      expect([hex.status, hex.body]).toEqual([400, refusal('id: Invalid id')]);
    });
  });

  describe('finding 9: prototype keys', () => {
    it('refuses __proto__, constructor and prototype as unknown fields, nested ones too', async () => {
      for (const key of ['__proto__', 'constructor', 'prototype']) {
        const res = await raw('/product', `{"name":"Proto","${key}":{"x":1}}`);
        expect([res.status, res.body]).toEqual([400, refusal(`${key}: property ${key} should not exist`)]);
      }
      const upload = await raw('/runner/runs', `{"steps":[{"__proto__":{}}]}`, operator);
      expect([upload.status, upload.body]).toEqual([
        400,
        refusal('steps[0].__proto__: property __proto__ should not exist'),
      ]);
    });
  });
});
