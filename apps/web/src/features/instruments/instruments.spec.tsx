import {
  ORIGIN_MSG,
  Role,
  type Certificate,
  type InstrumentDetail,
  type InstrumentRow,
} from '@sweepline/domain';
import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { at, MANAGER, renderApp } from '../../../test/render';
import { ok, path, refuse, server } from '../../../test/server';

const SLOW = { timeout: 10_000 };
const OPERATOR = { email: 'olive@acme.example', name: 'Olive', role: Role.Operator };

const CERTIFICATE: Certificate = {
  id: 3,
  number: 'CAL-2026-0412',
  laboratory: 'Keysight Calibration Center',
  calibratedOn: '2026-01-10',
  dueOn: '2027-01-10',
  fileName: 'CAL-2026-0412.pdf',
  fileBytes: 48_000,
  recordedBy: 'Ann',
  recordedAt: '2026-01-12T09:00:00Z',
};

const row = (over: Partial<InstrumentRow>): InstrumentRow => ({
  id: 1,
  role: 'network_analyzer',
  vendor: 'Keysight Technologies',
  model: 'E5071C',
  serial: 'MY46100001',
  firmware: 'A.11.20',
  resource: 'TCPIP0::10.0.0.5::inst0::INSTR',
  lastStation: 'LAB-PC-01',
  lastUsedAt: '2026-11-28T14:00:00Z',
  certificate: CERTIFICATE,
  state: 'valid',
  daysLeft: 42,
  ...over,
});

const ROWS: InstrumentRow[] = [
  row({}),
  row({
    id: 2,
    model: 'ZNB8',
    vendor: 'Rohde & Schwarz',
    serial: '101234',
    state: 'due',
    daysLeft: 12,
    certificate: { ...CERTIFICATE, id: 4, dueOn: '2026-12-11' },
  }),
  row({
    id: 3,
    model: 'P3-PIM',
    role: 'pim_analyzer',
    serial: 'PIM-7',
    state: 'overdue',
    daysLeft: -3,
    certificate: { ...CERTIFICATE, id: 5, dueOn: '2026-11-26' },
  }),
  row({
    id: 4,
    model: 'E5063A',
    serial: 'MY5500',
    firmware: null,
    lastStation: null,
    lastUsedAt: null,
    state: 'unknown',
    daysLeft: null,
    certificate: null,
  }),
];

const DETAIL: InstrumentDetail = {
  ...ROWS[0]!,
  certificates: [CERTIFICATE, { ...CERTIFICATE, id: 1, number: 'CAL-2025-0100', dueOn: '2026-01-10' }],
  calibrations: [
    {
      id: 9,
      kind: 'ecal',
      ecalSerial: 'N4431-MY001',
      ports: '1-2',
      startMHz: 700,
      stopMHz: 2700,
      madeAt: '2026-11-28T06:00:00Z',
      madeBy: 'Olive',
      instrumentId: 1,
    },
  ],
};

const bodyRows = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);
const texts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** GET /instruments/1 answers `detail` (changed by the test as certificates are recorded). */
function serveDetail(detail: { current: InstrumentDetail }) {
  let asked = 0;
  server.use(
    http.get(path('/instruments/1'), () => {
      asked += 1;
      return ok(detail.current as never);
    }),
  );
  return () => asked;
}

describe('Instruments (issue 40, docs/web.md "Instruments")', () => {
  it('lists each instrument with its state in words, and a row opens it', async () => {
    server.use(http.get(path('/instruments'), () => ok(ROWS as never)));
    serveDetail({ current: DETAIL });
    const { user, router } = renderApp('/instruments', OPERATOR);
    await screen.findByRole('table', { name: 'Instruments' }, SLOW);
    expect(
      within(screen.getByRole('table', { name: 'Instruments' }))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Role', 'Model', 'Serial number', 'Firmware', 'Last used', 'Calibration', 'Due on']);
    const rows = bodyRows('Instruments');
    expect(texts(rows[0]!).slice(0, 4)).toEqual([
      'Network analyzer',
      'E5071CKeysight Technologies',
      'MY46100001',
      'A.11.20',
    ]);
    expect(texts(rows[0]!)[4]).toMatch(/^LAB-PC-01 ?2026-11-28 \d\d:00:00$/);
    expect(rows.map((r) => texts(r).slice(5))).toEqual([
      ['Valid', '2027-01-10'],
      ['Due in 12 days', '2026-12-11'],
      // the due day itself is still valid: overdue from the day after
      ['Overdue since 2026-11-27', '2026-11-26'],
      ['Unknown', '-'],
    ]);
    expect(texts(rows[3]!)[3]).toBe('-');
    expect(texts(rows[3]!)[4]).toBe('-');
    await user.click(within(rows[0]!).getByText('MY46100001'));
    expect(at(router)).toBe('/instruments/1');
    expect(await screen.findByRole('heading', { name: 'E5071C MY46100001' }, SLOW)).toBeInTheDocument();
    // an operator reads, a manager records
    expect(screen.queryByRole('button', { name: 'Record certificate' })).toBeNull();
  });

  it('says when there is no instrument yet, and shows a refusal with a way to try again', async () => {
    let answers = 0;
    server.use(
      http.get(path('/instruments'), () => (++answers === 1 ? refuse('The service is busy', 503) : ok([]))),
    );
    const { user } = renderApp('/instruments', OPERATOR);
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('The service is busy');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No instruments yet/)).toBeInTheDocument();
  });

  it("shows an instrument's certificates with their PDFs and its latest calibrations", async () => {
    serveDetail({ current: DETAIL });
    let pdfAsked = '';
    server.use(
      http.get(path('/instruments/1/certificates/3/pdf'), ({ request }) => {
        pdfAsked = request.headers.get('x-auth-token') ?? '';
        return HttpResponse.arrayBuffer(new TextEncoder().encode('%PDF-1.4').buffer, {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="CAL-2026-0412.pdf"',
          },
        });
      }),
    );
    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:pdf');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { user } = renderApp('/instruments/1', OPERATOR);
    await screen.findByRole('table', { name: 'Certificates' }, SLOW);
    expect(
      screen.getByText(/Network analyzer · Keysight Technologies · firmware A.11.20/),
    ).toBeInTheDocument();
    expect(bodyRows('Certificates').map((r) => texts(r).slice(0, 4))).toEqual([
      ['CAL-2026-0412', 'Keysight Calibration Center', '2026-01-10', '2027-01-10'],
      ['CAL-2025-0100', 'Keysight Calibration Center', '2026-01-10', '2026-01-10'],
    ]);
    expect(texts(bodyRows('Calibrations')[0]!).slice(1)).toEqual([
      'Olive',
      'ECal, module N4431-MY001',
      'Ports 1-2',
      '700 to 2,700 MHz',
    ]);
    expect(screen.queryByRole('button', { name: /^Show all/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Units it measured' })).toHaveAttribute(
      'href',
      '/containment?instrument_id=1',
    );
    await user.click(
      screen.getByRole('button', { name: 'Download CAL-2026-0412.pdf, certificate CAL-2026-0412' }),
    );
    await waitFor(() => expect(saved).toEqual(['CAL-2026-0412.pdf']));
    expect(pdfAsked).toBe('session-token');
    click.mockRestore();
  });

  it("shows an instrument's ten latest calibrations, and the rest on demand", async () => {
    const calibrations = Array.from({ length: 12 }, (_, i) => ({ ...DETAIL.calibrations[0]!, id: 100 + i }));
    serveDetail({ current: { ...DETAIL, calibrations } });
    const { user } = renderApp('/instruments/1', OPERATOR);
    await screen.findByRole('table', { name: 'Calibrations' }, SLOW);
    expect(bodyRows('Calibrations')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Show all 12 calibrations' }));
    expect(bodyRows('Calibrations')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: /^Show all/ })).toBeNull();
  });

  it('answers an address that is no instrument without asking', async () => {
    renderApp('/instruments/abc', OPERATOR);
    expect(await screen.findByText('No such instrument.', {}, SLOW)).toBeInTheDocument();
  });
});

describe('Record certificate (managers)', () => {
  // The test environment's fetch is Node's and its FormData jsdom's (libs/ui/test/jsdom-environment.js),
  // which Node's fetch would send as '[object FormData]': here the form and its file are Node's, as
  // in a browser they are one world.
  const jsdomFormData = globalThis.FormData;
  beforeAll(async () => {
    const nodeForm = await new Response(new URLSearchParams()).formData();
    globalThis.FormData = nodeForm.constructor as typeof FormData;
  });
  afterAll(() => {
    globalThis.FormData = jsdomFormData;
  });
  const pdf = new NodeFile(['%PDF-1.4 certificate'], 'CAL-2026-0999.pdf', { type: 'application/pdf' });

  async function openDialog() {
    const detail = { current: DETAIL };
    const asked = serveDetail(detail);
    const { user } = renderApp('/instruments/1', MANAGER);
    await user.click(await screen.findByRole('button', { name: 'Record certificate' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Record certificate' });
    const field = (name: string) => within(dialog).getByLabelText(name, { exact: false });
    return { user, dialog, field, detail, asked };
  }

  // jsdom's date inputs take a typed day only as a whole value
  const setDay = (input: HTMLElement, day: string) => fireEvent.change(input, { target: { value: day } });
  // FileInput is a button over a hidden file input; a file is chosen there, whatever its type
  const choose = (dialog: HTMLElement, file: NodeFile) =>
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });

  it('tells bad input on its field before sending anything', async () => {
    let sent = 0;
    server.use(http.post(path('/instruments/1/certificates'), () => ok((sent++, CERTIFICATE) as never)));
    const { user, dialog, field } = await openDialog();
    expect(field('Certificate number')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(field('Certificate number')).toHaveAccessibleDescription(ORIGIN_MSG.text);
    expect(field('Laboratory')).toHaveAccessibleDescription(ORIGIN_MSG.text);
    expect(field('Calibrated on')).toHaveAccessibleDescription(ORIGIN_MSG.day);
    expect(within(dialog).getByText(ORIGIN_MSG.noFile)).toBeInTheDocument();
    setDay(field('Calibrated on'), '2026-06-01');
    setDay(field('Due on'), '2026-05-01');
    expect(field('Due on')).toHaveAccessibleDescription(ORIGIN_MSG.dueBeforeCalibrated);
    expect(field('Due on')).toHaveAttribute('aria-invalid', 'true');
    setDay(field('Calibrated on'), '2999-01-01');
    expect(field('Calibrated on')).toHaveAccessibleDescription(ORIGIN_MSG.calibratedInFuture);
    choose(dialog, new NodeFile(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(within(dialog).getByText(ORIGIN_MSG.notPdf)).toBeInTheDocument();
    expect(sent).toBe(0);
  });

  it("sends the certificate as a form with its PDF, then shows it in the history; the server's refusal lands on its field", async () => {
    const forms: Record<string, FormDataEntryValue>[] = [];
    server.use(
      http.post(path('/instruments/1/certificates'), async ({ request }) => {
        const form = Object.fromEntries((await request.formData()).entries());
        forms.push(form);
        return forms.length === 1
          ? refuse(`due_on: ${ORIGIN_MSG.dueBeforeCalibrated}`)
          : ok({ ...CERTIFICATE, id: 8, number: 'CAL-2026-0999' } as never);
      }),
    );
    const { user, dialog, field, detail, asked } = await openDialog();
    await user.type(field('Certificate number'), ' CAL-2026-0999 ');
    await user.type(field('Laboratory'), 'Keysight Calibration Center');
    setDay(field('Calibrated on'), '2026-11-20');
    setDay(field('Due on'), '2027-11-20');
    choose(dialog, pdf);
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(field('Due on')).toHaveAccessibleDescription(ORIGIN_MSG.dueBeforeCalibrated));
    expect(forms[0]).toMatchObject({
      number: 'CAL-2026-0999',
      laboratory: 'Keysight Calibration Center',
      calibrated_on: '2026-11-20',
      due_on: '2027-11-20',
    });
    expect((forms[0]!['file'] as File).name).toBe('CAL-2026-0999.pdf');
    // changing the field clears the server's word on it
    setDay(field('Due on'), '2027-11-21');
    expect(field('Due on')).not.toHaveAttribute('aria-invalid', 'true');

    const before = asked();
    detail.current = {
      ...DETAIL,
      certificates: [{ ...CERTIFICATE, id: 8, number: 'CAL-2026-0999' }, ...DETAIL.certificates],
    };
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(forms).toHaveLength(2);
    expect(await screen.findByText('Certificate CAL-2026-0999 recorded.')).toBeInTheDocument();
    await waitFor(() => expect(texts(bodyRows('Certificates')[0]!)[0]).toBe('CAL-2026-0999'));
    expect(asked()).toBe(before + 1);
  });

  it('shows a refusal that names no field above the buttons', async () => {
    server.use(
      http.post(path('/instruments/1/certificates'), () => refuse('Only managers record certificates', 403)),
    );
    const { user, dialog, field } = await openDialog();
    await user.type(field('Certificate number'), 'C-1');
    await user.type(field('Laboratory'), 'Lab');
    setDay(field('Calibrated on'), '2026-11-20');
    setDay(field('Due on'), '2027-11-20');
    choose(dialog, pdf);
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only managers record certificates');
  });
});
