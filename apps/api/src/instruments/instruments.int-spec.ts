import request from 'supertest';
import type { Certificate, InstrumentDetail, InstrumentRow } from '@sweepline/domain';
import { localDay, ORIGIN_LIMITS, ORIGIN_MSG } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import type { EditorMembers } from '../editor/testing/editor-api';
import { API, createEditorMembers, editorApi, expectRefusals, ok } from '../editor/testing/editor-api';
import {
  insertCalibration,
  insertCertificate,
  insertInstrument,
  TINY_PDF,
} from './testing/instrument-fixtures';

const MIB = 1024 * 1024;
const DAY_MS = 86_400_000;
/** The UTC day `days` from today. */
const day = (days: number) => localDay(Date.now() + days * DAY_MS, 0);

describeEachDatabase('instruments and their certificates (docs/api/instruments.md)', (t) => {
  let m: EditorMembers;
  /** Network analyzers E5071C (valid), ZNB8 (due in 10 days); a PIM analyzer without certificate. */
  let e5071c: number;
  let znb: number;
  let pim: number;
  /** Overdue today, though a certificate calibrated tomorrow is recorded already. */
  let overdue: number;
  let theirs: number;
  let theirCertificate: number;

  const as = (member: Member) => editorApi(t, member);
  const detail = (id: number, by = m.operator) => ok<InstrumentDetail>(as(by).get(`/instruments/${id}`));
  const certify = (
    id: number,
    fields: Record<string, string>,
    file?: [Buffer, string],
    member: Member = m.manager,
  ) => {
    let req = request(t().http())
      .post(`${API}/instruments/${id}/certificates`)
      .set('x-auth-token', member.token);
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    return file ? req.attach('file', file[0], file[1]) : req;
  };
  const download = (path: string, member: Member = m.operator) =>
    request(t().http())
      .get(`${API}${path}`)
      .set('x-auth-token', member.token)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  /** What a refused certificate must leave as it was. */
  const rows = async () => ({
    certificates: await t().dataSource.query(
      'SELECT id, instrument_id, number FROM instrument_certificate WHERE account_id = $1 ORDER BY id',
      [m.manager.accountId],
    ),
    audit: await t().dataSource.query('SELECT id FROM audit_event WHERE account_id = $1 ORDER BY id', [
      m.manager.accountId,
    ]),
  });
  const good = () => ({
    number: 'CAL-2026-0142',
    laboratory: 'Keysight Service Center',
    calibrated_on: day(-1),
    due_on: day(364),
  });

  beforeAll(async () => {
    m = await createEditorMembers(t());
    const account = m.manager.accountId!;
    znb = await insertInstrument(t(), account, {
      vendor: 'Rohde & Schwarz',
      model: 'ZNB8',
      serial: '101234',
      firmware: '3.20',
      lastStation: 'LAB-2',
      lastUsedAt: '2026-11-20T09:30:00.000Z',
    });
    e5071c = await insertInstrument(t(), account, {
      model: 'E5071C',
      serial: 'MY46100123',
      firmware: 'A.13.30',
    });
    pim = await insertInstrument(t(), account, {
      role: 'pim_analyzer',
      vendor: 'Rosenberger',
      model: 'PiMPro',
      serial: 'P-0042',
    });
    overdue = await insertInstrument(t(), account, { model: 'E5071C', serial: 'MY46100999' });
    await insertCertificate(t(), account, e5071c, {
      number: 'OLD',
      calibratedOn: day(-400),
      dueOn: day(-35),
    });
    await insertCertificate(t(), account, e5071c, { number: 'NEW', calibratedOn: day(-30), dueOn: day(335) });
    await insertCertificate(t(), account, znb, { number: 'Z-1', calibratedOn: day(-355), dueOn: day(10) });
    await insertCertificate(t(), account, overdue, {
      number: 'O-1',
      calibratedOn: day(-400),
      dueOn: day(-1),
    });
    // recorded ahead of its calibration day: not in force today
    await insertCertificate(t(), account, overdue, { number: 'O-2', calibratedOn: day(1), dueOn: day(366) });
    for (let i = 0; i < 52; i++)
      await insertCalibration(
        t(),
        account,
        e5071c,
        `cal-${i}`,
        new Date(Date.UTC(2026, 0, 1, i)).toISOString(),
      );
    theirs = await insertInstrument(t(), m.stranger.accountId!, { model: 'E5071C', serial: 'MY46100123' });
    theirCertificate = await insertCertificate(t(), m.stranger.accountId!, theirs, {
      number: 'THEIRS',
      calibratedOn: day(-10),
      dueOn: day(300),
    });
  });

  it('lists the account’s instruments by role, model and serial, each with its state today', async () => {
    const list = await ok<InstrumentRow[]>(as(m.operator).get('/instruments'));
    expect(list.map((row) => [row.id, row.certificate?.number ?? null, row.state, row.daysLeft])).toEqual([
      [e5071c, 'NEW', 'valid', 335],
      [overdue, 'O-1', 'overdue', -1],
      [znb, 'Z-1', 'due', 10],
      [pim, null, 'unknown', null],
    ]);
    expect(list[2]).toEqual({
      id: znb,
      role: 'network_analyzer',
      vendor: 'Rohde & Schwarz',
      model: 'ZNB8',
      serial: '101234',
      firmware: '3.20',
      resource: 'TCPIP0::101234::inst0::INSTR',
      lastStation: 'LAB-2',
      lastUsedAt: '2026-11-20T09:30:00.000Z',
      certificate: {
        id: expect.any(Number),
        number: 'Z-1',
        laboratory: 'Fixture Lab',
        calibratedOn: day(-355),
        dueOn: day(10),
        fileName: 'Z-1.pdf',
        fileBytes: TINY_PDF.length,
        recordedBy: 'fixture',
        recordedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
      state: 'due',
      daysLeft: 10,
    });
    // another account's instrument of the same model and serial is theirs alone
    expect(await ok<InstrumentRow[]>(as(m.stranger).get('/instruments'))).toEqual([
      expect.objectContaining({ id: theirs, certificate: expect.objectContaining({ number: 'THEIRS' }) }),
    ]);
  });

  it('shows an instrument with every certificate, the latest calibration first, and its latest 50 calibrations', async () => {
    const one = await detail(e5071c);
    expect(one).toMatchObject({
      id: e5071c,
      model: 'E5071C',
      state: 'valid',
      certificate: { number: 'NEW' },
    });
    expect(one.certificates.map((c) => c.number)).toEqual(['NEW', 'OLD']);
    expect(one.calibrations).toHaveLength(50);
    expect(one.calibrations[0]).toEqual({
      id: expect.any(Number),
      kind: 'mechanical',
      ecalSerial: null,
      ports: '1-2',
      startMHz: 600,
      stopMHz: 2700,
      madeAt: new Date(Date.UTC(2026, 0, 1, 51)).toISOString(),
      madeBy: 'Olga',
      instrumentId: e5071c,
    });
    expect(one.calibrations[49]!.madeAt).toBe(new Date(Date.UTC(2026, 0, 1, 2)).toISOString());
    expect((await detail(overdue)).certificates.map((c) => c.number)).toEqual(['O-2', 'O-1']);
    expect(await detail(pim)).toMatchObject({ certificates: [], calibrations: [], state: 'unknown' });
  });

  it('records a manager’s certificate with its PDF, audited, and serves the PDF back', async () => {
    const pdf = Buffer.concat([TINY_PDF, Buffer.alloc(2000, 32)]);
    const res = await certify(pim, { ...good(), number: 'PIM-7' }, [pdf, 'C:\\certs\\PIM|7 é.pdf']);
    expect([res.status, res.body.status]).toEqual([201, 1]);
    const certificate = res.body.data as Certificate;
    expect(certificate).toEqual({
      id: expect.any(Number),
      number: 'PIM-7',
      laboratory: 'Keysight Service Center',
      calibratedOn: day(-1),
      dueOn: day(364),
      fileName: 'PIM_7 é.pdf',
      fileBytes: pdf.length,
      recordedBy: m.manager.name,
      recordedAt: expect.any(String),
    });
    expect(await detail(pim)).toMatchObject({
      state: 'valid',
      daysLeft: 364,
      certificate,
      certificates: [certificate],
    });
    const file = await download(`/instruments/${pim}/certificates/${certificate.id}/pdf`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="PIM_7 _.pdf"; filename*=UTF-8''PIM_7%20%C3%A9.pdf`,
    );
    expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);
    // a PDF near the limit passes the body limits ahead of the route
    const large = Buffer.concat([
      TINY_PDF,
      Buffer.alloc(ORIGIN_LIMITS.certificateBytes - TINY_PDF.length, 32),
    ]);
    const stored = await certify(znb, { ...good(), number: 'Z-2' }, [large, 'z-2.pdf']);
    expect([stored.status, stored.body.data?.fileBytes]).toEqual([201, ORIGIN_LIMITS.certificateBytes]);
    const [audit] = (await t().dataSource.query(
      `SELECT user_name, thing, thing_id, action, changes FROM audit_event
        WHERE account_id = $1 AND thing = 'instrument' AND thing_id = $2 ORDER BY id DESC LIMIT 1`,
      [m.manager.accountId, String(pim)],
    )) as { user_name: string; thing: string; thing_id: string; action: string; changes: unknown }[];
    expect(audit).toEqual({
      user_name: m.manager.name,
      thing: 'instrument',
      thing_id: String(pim),
      action: 'certificate',
      changes: [
        { field: 'certificate', from: null, to: certificate.id },
        { field: 'number', from: null, to: 'PIM-7' },
        { field: 'laboratory', from: null, to: 'Keysight Service Center' },
        { field: 'calibrated_on', from: null, to: day(-1) },
        { field: 'due_on', from: null, to: day(364) },
        { field: 'fileName', from: null, to: 'PIM_7 é.pdf' },
      ],
    });
  });

  it('refuses a bad certificate with its message, storing nothing', async () => {
    const before = await rows();
    const pdf: [Buffer, string] = [TINY_PDF, 'cert.pdf'];
    const without = (key: string) => Object.fromEntries(Object.entries(good()).filter(([k]) => k !== key));
    await expectRefusals([
      [
        () => certify(znb, { ...good(), calibrated_on: day(-1), due_on: day(-2) }, pdf),
        400,
        `due_on: ${ORIGIN_MSG.dueBeforeCalibrated}`,
      ],
      [
        () => certify(znb, { ...good(), calibrated_on: day(1) }, pdf),
        400,
        `calibrated_on: ${ORIGIN_MSG.calibratedInFuture}`,
      ],
      [() => certify(znb, { ...good(), due_on: '2026-02-30' }, pdf), 400, `due_on: ${ORIGIN_MSG.day}`],
      [() => certify(znb, without('number'), pdf), 400, `number: ${ORIGIN_MSG.text}`],
      [() => certify(znb, without('laboratory'), pdf), 400, `laboratory: ${ORIGIN_MSG.text}`],
      [() => certify(znb, without('calibrated_on'), pdf), 400, `calibrated_on: ${ORIGIN_MSG.day}`],
      [() => certify(znb, { ...good(), number: ' padded ' }, pdf), 400, `number: ${ORIGIN_MSG.text}`],
      [() => certify(znb, { ...good(), number: 'x'.repeat(101) }, pdf), 400, `number: ${ORIGIN_MSG.text}`],
      [
        () => certify(znb, { ...without('laboratory'), extra: '1' }, pdf),
        400,
        'extra: property extra should not exist',
      ],
      // multer's own limit on the number of fields
      [() => certify(znb, { ...good(), extra: '1' }, pdf), 400, 'Too many fields'],
      [() => certify(znb, good()), 400, `file: ${ORIGIN_MSG.noFile}`],
      [
        () => certify(znb, good(), [Buffer.from('PK\u0003\u0004 a zip, not a PDF'), 'cert.pdf']),
        400,
        `file: ${ORIGIN_MSG.notPdf}`,
      ],
      [
        () =>
          certify(znb, good(), [
            Buffer.concat([TINY_PDF, Buffer.alloc(ORIGIN_LIMITS.certificateBytes + 1 - TINY_PDF.length)]),
            'big.pdf',
          ]),
        413,
        ORIGIN_MSG.pdfTooLarge,
      ],
      [() => certify(znb, good(), [Buffer.alloc(6 * MIB, 37), 'huge.pdf']), 413, ORIGIN_MSG.pdfTooLarge],
    ]);
    expect(await rows()).toEqual(before);
  });

  it('lets only managers record certificates, and shows no other account’s instrument', async () => {
    const before = await rows();
    const pdf: [Buffer, string] = [TINY_PDF, 'cert.pdf'];
    const forbidden = expect.stringMatching(/^Your role may not do this/);
    await expectRefusals([
      [() => certify(znb, good(), pdf, m.editor), 403, forbidden],
      [() => certify(znb, good(), pdf, m.operator), 403, forbidden],
      [() => certify(theirs, good(), pdf), 404, 'Instrument not found'],
      [() => certify(znb, good(), pdf, m.stranger), 404, 'Instrument not found'],
      [() => certify(0, good(), pdf), 400, 'instrumentId: Invalid id'],
      [() => as(m.operator).get(`/instruments/${theirs}`), 404, 'Instrument not found'],
      [() => as(m.stranger).get(`/instruments/${znb}`), 404, 'Instrument not found'],
      [() => as(m.operator).get('/instruments/abc'), 400, 'instrumentId: Invalid id'],
      [
        () => as(m.operator).get(`/instruments/${theirs}/certificates/${theirCertificate}/pdf`),
        404,
        'Certificate not found',
      ],
      // their certificate asked for under one of ours
      [
        () => as(m.operator).get(`/instruments/${znb}/certificates/${theirCertificate}/pdf`),
        404,
        'Certificate not found',
      ],
      [() => as(m.operator).get(`/instruments/${znb}/certificates/x/pdf`), 400, 'certificateId: Invalid id'],
    ]);
    expect(await rows()).toEqual(before);
  });
});
