import request from 'supertest';
import type { AttachmentInfo, RunUploadAnswer } from '@sweepline/domain';
import { Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { API, editorApi, ok } from '../editor/testing/editor-api';
import type { Line } from './testing/runner-fixtures';
import { addSerialNumbers, productWithTests, runOf, runRows } from './testing/runner-fixtures';

const MIB = 1024 * 1024;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const png = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 7)]);
const SNP = Buffer.from('! Touchstone\n# MHz S DB R 50\n800 -0.5 0 -30 0 -30 0 -0.5 0\n');

describeEachDatabase('run attachments (docs/requirements/storage.md#uploaded-files)', (t) => {
  let manager: Member;
  let operator: Member;
  let stranger: Member;
  let line: Line;
  let runId: number;

  const attach = (
    id: number,
    fields: Record<string, string>,
    file?: [Buffer, string],
    member: Member = operator,
  ) => {
    let req = request(t().http())
      .post(`${API}/runner/runs/${id}/attachments`)
      .set('x-auth-token', member.token);
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    return file ? req.attach('file', file[0], file[1]) : req;
  };
  const download = (path: string, member: Member = operator) =>
    request(t().http())
      .get(`${API}${path}`)
      .set('x-auth-token', member.token)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  const newRun = async (sn: string) =>
    (await ok<RunUploadAnswer>(editorApi(t, operator).post('/runner/runs', runOf(line.tests[0]!, sn))))
      .run_id;

  beforeAll(async () => {
    manager = await createManager(t());
    operator = await createMember(t(), manager.accountId, Role.Operator);
    stranger = await createManager(t());
    line = await productWithTests(editorApi(t, manager), 'Filter', [1]);
    await addSerialNumbers(editorApi(t, operator), line.product.id, ['F-1', 'F-2', 'F-3']);
    runId = await newRun('F-1');
  });

  it('stores a screenshot and an SnP file of a step, and serves them back', async () => {
    const shot = await attach(runId, { step_index: '1', kind: 'screenshot' }, [
      png(1000),
      'C:\\shots\\IL é.png',
    ]);
    expect([shot.status, shot.body.status]).toEqual([201, 1]);
    expect(shot.body.data).toEqual({
      id: expect.any(Number),
      runId,
      stepIndex: 1,
      kind: 'screenshot',
      fileName: 'IL é.png',
      contentType: 'image/png',
      size: 1000,
    });
    const snp = (await attach(runId, { step_index: '2', kind: 'snp' }, [SNP, 'dut.s2p'])).body
      .data as AttachmentInfo;
    expect(await ok(editorApi(t, operator).get(`/runs/${runId}/attachments`))).toEqual([shot.body.data, snp]);
    const image = await download(`/runs/${runId}/attachments/${shot.body.data.id}`);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toBe(
      `inline; filename="IL _.png"; filename*=UTF-8''IL%20%C3%A9.png`,
    );
    expect(Buffer.compare(image.body, png(1000))).toBe(0);
    const text = await download(`/runs/${runId}/attachments/${snp.id}`);
    expect([text.headers['content-type'], text.headers['content-disposition']]).toEqual([
      'text/plain',
      `attachment; filename="dut.s2p"; filename*=UTF-8''dut.s2p`,
    ]);
    expect(text.body.toString()).toBe(SNP.toString());
  });

  it('answers a repeated upload with the stored file', async () => {
    const first = await attach(runId, { step_index: '0', kind: 'snp' }, [SNP, 'again.s1p']);
    const again = await attach(runId, { step_index: '0', kind: 'snp' }, [SNP, 'again.s1p']);
    expect(again.body.data).toEqual(first.body.data);
    const changed = await attach(runId, { step_index: '0', kind: 'snp' }, [
      Buffer.from('! other'),
      'again.s1p',
    ]);
    expect([changed.status, changed.body.msg]).toEqual([
      409,
      'A different again.s1p is stored for step result 0 already',
    ]);
  });

  it('refuses bad files and fields, storing nothing', async () => {
    const before = await runRows(t, manager.accountId!);
    const cases: [Promise<request.Response> | request.Test, number, string][] = [
      [
        attach(runId, { step_index: '1', kind: 'screenshot' }, [png(5 * MIB + 1), 'big.png']),
        413,
        'The file is larger than 5 MiB',
      ],
      [attach(runId, { step_index: '1', kind: 'screenshot' }), 400, 'file: Attach a file (field file)'],
      [
        attach(runId, { step_index: '1', kind: 'screenshot' }, [SNP, 'shot.png']),
        400,
        'file: A screenshot is a PNG or JPEG image',
      ],
      [
        attach(runId, { step_index: '1', kind: 'snp' }, [SNP, 'dut.txt']),
        400,
        'file: An SnP file is named like dut.s2p (.s1p to .s99p)',
      ],
      [
        attach(runId, { step_index: '1', kind: 'snp' }, [Buffer.alloc(0), 'x.s2p']),
        400,
        'file: The file is empty',
      ],
      [attach(runId, { step_index: '1', kind: 'snp' }, [SNP, 'a|b.s2p']), 400, 'file: Invalid character'],
      [
        attach(runId, { step_index: '3', kind: 'snp' }, [SNP, 'dut.s2p']),
        400,
        'step_index: No step result 3',
      ],
      [
        attach(runId, { step_index: 'x', kind: 'snp' }, [SNP, 'dut.s2p']),
        400,
        'step_index: Must be an integer',
      ],
      [
        attach(runId, { step_index: '1', kind: 'photo' }, [SNP, 'dut.s2p']),
        400,
        "kind: Either 'screenshot' or 'snp'",
      ],
      [
        attach(runId, { step_index: '1', kind: 'snp', extra: '1' }, [SNP, 'dut.s2p']),
        400,
        'extra: property extra should not exist',
      ],
      [attach(999999, { step_index: '1', kind: 'snp' }, [SNP, 'dut.s2p']), 404, 'Run not found'],
      [
        request(t().http())
          .post(`${API}/runner/runs/${runId}/attachments`)
          .set('x-auth-token', operator.token)
          .field('step_index', '1')
          .attach('upload', SNP, 'dut.s2p'),
        400,
        'Unexpected file field - upload',
      ],
      [attach(runId, { step_index: '1', kind: 'snp' }, [SNP, 'dut.s2p'], stranger), 404, 'Run not found'],
    ];
    for (const [call, status, msg] of cases) {
      const res = await call;
      expect([res.status, res.body]).toEqual([status, { status: 0, msg, data: null }]);
    }
    expect(await runRows(t, manager.accountId!)).toEqual(before);
  });

  it('limits the files of a run to 20 MiB in all', async () => {
    const run = await newRun('F-2');
    for (const i of [1, 2, 3, 4]) {
      expect(
        (await attach(run, { step_index: '1', kind: 'screenshot' }, [png(5 * MIB), `${i}.png`])).status,
      ).toBe(201);
    }
    const before = await runRows(t, manager.accountId!);
    const res = await attach(run, { step_index: '1', kind: 'screenshot' }, [png(100), '5.png']);
    expect([res.status, res.body.msg]).toEqual([413, 'The files of a run may take 20 MiB in all']);
    expect(await runRows(t, manager.accountId!)).toEqual(before);
  });

  it('shows files to members of the account only', async () => {
    const [file] = await ok<AttachmentInfo[]>(editorApi(t, operator).get(`/runs/${runId}/attachments`));
    const other = await newRun('F-3');
    const cases: [string, Member, number, string][] = [
      [`/runs/${runId}/attachments`, stranger, 404, 'Run not found'],
      [`/runs/${runId}/attachments/${file!.id}`, stranger, 404, 'Attachment not found'],
      [`/runs/${other}/attachments/${file!.id}`, operator, 404, 'Attachment not found'],
      [`/runs/${runId}/attachments/0`, operator, 400, 'attachmentId: Invalid id'],
      ['/runs/x/attachments', operator, 400, 'id: Invalid id'],
    ];
    for (const [path, member, status, msg] of cases) {
      const res = await editorApi(t, member).get(path);
      expect([res.status, res.body.msg]).toEqual([status, msg]);
    }
    expect((await editorApi(t).get(`/runs/${runId}/attachments/${file!.id}`)).status).toBe(401);
  });
});
