import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Verdict, type StationBoard, type StationView } from '@sweepline/domain';
import { http } from 'msw';
import { MANAGER, renderApp } from '../../../test/render';
import { ok, path, server } from '../../../test/server';

/** jsdom has no EventSource: this one lets a test play the server's stream. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onerror: (() => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, (e: MessageEvent<string>) => void>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(name: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(name, listener);
  }

  close() {
    this.closed = true;
  }

  emit(name: string, data: unknown) {
    act(() => this.listeners.get(name)?.(new MessageEvent(name, { data: JSON.stringify(data) })));
  }

  fail() {
    act(() => this.onerror?.());
  }
}

const now = new Date().toISOString();
const station = (name: string, fields: Partial<StationView> = {}): StationView => ({
  station: name,
  state: 'testing',
  productId: 1,
  productName: 'Diplexer',
  seqId: 2,
  testName: 'Final',
  sn: 'SN-7',
  step: 3,
  steps: 12,
  operator: 'Olga',
  stateSince: now,
  lastSeen: now,
  lastVerdict: null,
  today: { units: 8, passes: 7, fails: 1, firstPassYield: 0.75 },
  spcAlarms: [],
  ...fields,
});
const board = (...stations: StationView[]): StationBoard => ({
  serverTime: new Date().toISOString(),
  stations,
});
const cardNames = () => screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'));

let tickets = 0;
beforeEach(() => {
  FakeEventSource.opened = [];
  tickets = 0;
  (window as unknown as { EventSource: unknown }).EventSource = FakeEventSource;
  server.use(
    http.post(path('/stations/stream-ticket'), () =>
      ok({ url: `/webcyc/api/stations/stream?ticket=t${++tickets}` }),
    ),
  );
});

async function openBoard() {
  renderApp('/stations', MANAGER);
  await screen.findByRole('heading', { name: 'Stations' });
  await act(async () => {
    while (FakeEventSource.opened.length === 0) await new Promise((r) => setTimeout(r, 5));
  });
  return FakeEventSource.opened[0]!;
}

describe('Stations', () => {
  it('shows one card per station, by name, with its unit, steps, operator and day', async () => {
    const stream = await openBoard();
    expect(stream.url).toBe('/webcyc/api/stations/stream?ticket=t1');
    stream.emit('board', board(station('lab-2'), station('LAB-1', { state: 'waiting' })));
    expect(cardNames()).toEqual(['LAB-1', 'lab-2']);
    const card = within(screen.getByRole('article', { name: 'lab-2' }));
    expect(card.getByText('Testing')).toBeInTheDocument();
    expect(card.getByText('Diplexer · Final')).toBeInTheDocument();
    expect(card.getByText('Serial number: SN-7')).toBeInTheDocument();
    expect(card.getByText('Step 3 of 12')).toBeInTheDocument();
    expect(card.getByRole('progressbar', { name: 'Steps done' })).toHaveAttribute('aria-valuenow', '25');
    expect(card.getByText('Operator: Olga')).toBeInTheDocument();
    expect(card.getByLabelText('Today')).toHaveTextContent(
      'Today: 8 units · 7 passed · 1 failed · first-pass yield 75.0 %',
    );
    expect(
      within(screen.getByRole('article', { name: 'LAB-1' })).getByText('Waiting for the operator'),
    ).toBeInTheDocument();
  });

  it('follows changes without a reload: a verdict in large letters, then the next unit replaces it', async () => {
    const stream = await openBoard();
    stream.emit('board', board(station('LAB-1')));
    const verdict = { sn: 'SN-7', result: Verdict.Passed, at: now };
    stream.emit('station', station('LAB-1', { state: 'result', lastVerdict: verdict }));
    expect(screen.getByRole('status', { name: 'Last verdict PASS, serial number SN-7' })).toHaveTextContent(
      'PASS',
    );
    stream.emit('station', station('LAB-1', { state: 'calibrating', sn: 'SN-8', step: 0 }));
    expect(screen.queryByRole('status', { name: /Last verdict/ })).toBeNull();
    stream.emit(
      'station',
      station('LAB-1', { state: 'result', lastVerdict: { ...verdict, sn: 'SN-8', result: Verdict.Failed } }),
    );
    expect(screen.getByRole('status', { name: 'Last verdict FAIL, serial number SN-8' })).toBeInTheDocument();
    stream.emit('removed', { station: 'LAB-1' });
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('marks a station silent for a minute offline', async () => {
    const stream = await openBoard();
    // well past the minute: the card's clock ticks once a second, later on a busy machine
    const long = new Date(Date.now() - 90_000).toISOString();
    stream.emit('board', board(station('LAB-1', { lastSeen: long })));
    expect(within(screen.getByRole('article', { name: 'LAB-1' })).getByText('Offline')).toBeInTheDocument();
  });

  it('shows a line for each instrument due or overdue on the station where it was last used (issue 40)', async () => {
    const stream = await openBoard();
    const due =
      'Keysight Technologies E5071C, serial number MY1 is due for calibration on 2026-12-10, in 11 days.';
    const overdue =
      'Rohde & Schwarz ZNB8, serial number 1012 was overdue for calibration (due on 2026-11-20).';
    stream.emit('board', board(station('LAB-1', { instrumentWarnings: [due, overdue] }), station('LAB-2')));
    const notes = within(screen.getByRole('article', { name: 'LAB-1' })).getAllByRole('note');
    expect(notes.map((note) => note.textContent)).toEqual([`⚠ ${due}`, `⚠ ${overdue}`]);
    expect(within(screen.getByRole('article', { name: 'LAB-2' })).queryByRole('note')).toBeNull();
  });

  it("keeps a card's instrument lines when a station event, which carries none, follows the board", async () => {
    const stream = await openBoard();
    const due =
      'Keysight Technologies E5071C, serial number MY1 is due for calibration on 2026-12-10, in 11 days.';
    stream.emit('board', board(station('LAB-1', { instrumentWarnings: [due] })));
    stream.emit('station', station('LAB-1', { step: 4 }));
    const card = within(screen.getByRole('article', { name: 'LAB-1' }));
    expect(card.getByText('Step 4 of 12')).toBeInTheDocument();
    expect(card.getByRole('note')).toHaveTextContent(due);
  });

  it("shows an open SPC alarm of the station's test live, links to the open alarms of that test, and drops it once acknowledged (issue 41)", async () => {
    const stream = await openBoard();
    stream.emit('board', board(station('LAB-1'), station('LAB-2')));
    expect(screen.queryByRole('alert')).toBeNull();
    const line = 'SPC alarm on Insertion Loss Max: rule 4, eight points above the centre line';
    stream.emit(
      'station',
      station('LAB-1', {
        state: 'result',
        spcAlarms: [{ alarmId: 7, step: 'Insertion Loss Max', violationCount: 1, line, sn: 'SN-0042' }],
      }),
    );
    const alarm = within(screen.getByRole('article', { name: 'LAB-1' })).getByRole('alert', {
      name: 'SPC alarms of LAB-1',
    });
    expect(alarm).toHaveTextContent(`${line} (1 violation: unit SN-0042)`);
    expect(within(alarm).getByRole('link', { name: 'Open the alarms list' })).toHaveAttribute(
      'href',
      '/report/alarms?product_id=1&seq_id=2&state=open',
    );
    expect(within(screen.getByRole('article', { name: 'LAB-2' })).queryByRole('alert')).toBeNull();
    // the next unit joins the alarm: the card names it, the one to pull aside now
    stream.emit(
      'station',
      station('LAB-1', {
        state: 'result',
        spcAlarms: [{ alarmId: 7, step: 'Insertion Loss Max', violationCount: 2, line, sn: 'SN-0043' }],
      }),
    );
    expect(screen.getByRole('alert', { name: 'SPC alarms of LAB-1' })).toHaveTextContent(
      `${line} (2 violations, the latest unit SN-0043)`,
    );
    stream.emit('station', station('LAB-1', { state: 'testing', spcAlarms: [] }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('filters by product', async () => {
    const stream = await openBoard();
    stream.emit('board', board(station('A'), station('B', { productName: 'Coupler' })));
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Product' }));
    await user.click(await screen.findByRole('option', { name: 'Coupler' }));
    expect(cardNames()).toEqual(['B']);
  });

  it('says when its connection drops, opens a new one with a new ticket, and says it is back', async () => {
    const first = await openBoard();
    first.emit('board', board(station('LAB-1')));
    first.fail();
    expect(first.closed).toBe(true);
    expect(screen.getByRole('alert')).toHaveTextContent('Connection lost');
    await act(async () => {
      while (FakeEventSource.opened.length < 2) await new Promise((r) => setTimeout(r, 20));
    });
    const second = FakeEventSource.opened[1]!;
    expect(second.url).toBe('/webcyc/api/stations/stream?ticket=t2');
    second.emit('board', board(station('LAB-1', { step: 4 })));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Connected again')).toBeInTheDocument();
    expect(screen.getByText('Step 4 of 12')).toBeInTheDocument();
  });
});
