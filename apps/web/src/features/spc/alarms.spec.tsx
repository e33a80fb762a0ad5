import { SPC_MSG, type ProductListItem, type SpcAlarm, type SpcAlarmPage } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { MANAGER, renderApp } from '../../../test/render';
import { ok, path, refuse, server } from '../../../test/server';

const SLOW = { timeout: 10_000 };

const PRODUCTS: ProductListItem[] = [
  {
    id: 4,
    name: 'F-200',
    model: '',
    info: '',
    seqs: [
      { id: 31, name: 'Pass band', stageNo: 1, testNo: 1 },
      { id: 32, name: 'Final', stageNo: 2, testNo: 1 },
    ],
  },
];

const RULE_4 = 'rule 4, eight points above the centre line';

const alarm = (id: number, over: Partial<SpcAlarm> = {}): SpcAlarm => ({
  id,
  productId: 4,
  seqId: 31,
  seqName: 'Pass band',
  step: 'Insertion Loss Max',
  state: 'open',
  openedAt: '2026-11-29T11:31:40.002Z',
  violationCount: 2,
  violations: [
    {
      runId: 9012,
      sn: 'F-0042',
      startTime: '2026-11-29T11:31:39.000Z',
      value: 0.913,
      rules: [4],
      side: 'above',
      text: RULE_4,
    },
  ],
  acknowledgedAt: null,
  acknowledgedByName: null,
  note: null,
  ...over,
});

/** An alarm whose latest violation's serial number is `F-<id>`, so each row can be told apart. */
const numbered = (id: number) =>
  alarm(id, { violations: alarm(id).violations.map((v) => ({ ...v, runId: id, sn: `F-${id}` })) });

type Query = Record<string, string>;
type Answer = SpcAlarmPage | 'refuse';

/**
 * Serves the list's calls: GET /spc/alarms (each query recorded) answers `pages` in turn, or what
 * `pages` says for the query, after `wait` ms (the first answer 300 ms unless said, so the loader
 * can be seen); and acknowledge.
 */
function serve(
  pages: Answer[] | ((query: Query) => Answer),
  acknowledge?: (note: unknown) => Response,
  wait: (query: Query, n: number) => number = (_, n) => (n === 1 ? 300 : 0),
) {
  const asked: Query[] = [];
  const notes: unknown[] = [];
  server.use(
    http.get(path('/user/product_list'), () => ok(PRODUCTS)),
    http.get(path('/spc/alarms'), async ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      asked.push(query);
      const page = Array.isArray(pages) ? pages[Math.min(asked.length, pages.length) - 1]! : pages(query);
      await delay(wait(query, asked.length));
      return page === 'refuse' ? refuse('The alarms are busy', 503) : ok(page);
    }),
    http.post(path('/spc/alarms/:id/acknowledge'), async ({ request, params }) => {
      const { note } = (await request.json()) as { note: unknown };
      notes.push(note);
      return (
        acknowledge?.(note) ??
        ok(
          alarm(Number(params.id), {
            state: 'acknowledged',
            acknowledgedAt: '2026-11-29T12:00:00.000Z',
            acknowledgedByName: 'Ann',
            note: String(note),
          }),
        )
      );
    }),
  );
  return { asked, notes };
}

const table = () => screen.findByRole('table', { name: 'SPC alarms' }, SLOW);

describe('SPC Alarms (/report/alarms, issue 41)', () => {
  it('is in the Reports menu, and lists each alarm: opened, step and test, violations, their texts', async () => {
    const { asked } = serve([
      { alarms: [alarm(7), alarm(6, { step: 'Return Loss', violationCount: 1 })], nextBeforeId: null },
    ]);
    renderApp('/report/alarms', MANAGER);
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Insertion Loss Max');
    expect(rows[0]).toHaveTextContent('F-200 · Pass band');
    expect(rows[0]).toHaveTextContent(RULE_4);
    expect(within(rows[0]!).getByRole('link', { name: 'F-0042' })).toHaveAttribute(
      'href',
      '/tr?sn=F-0042&run=9012',
    );
    expect(rows[1]).toHaveTextContent('Return Loss');
    expect(asked).toEqual([{}]);
    const menu = screen.getByRole('navigation', { name: 'Measurements' });
    expect(within(menu).getByRole('link', { name: 'SPC Alarms' })).toHaveAttribute('href', '/report/alarms');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('filters by product, test and state from the URL and asks the API with them', async () => {
    const { asked } = serve([{ alarms: [], nextBeforeId: null }]);
    renderApp('/report/alarms?product_id=4&seq_id=32&state=acknowledged', MANAGER);
    expect(await screen.findByText(/No alarms match these filters/, {}, SLOW)).toBeInTheDocument();
    expect(asked).toEqual([{ product_id: '4', seq_id: '32', state: 'acknowledged' }]);
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('Acknowledged');
  });

  it('drops what a hand-edited URL gets wrong: a bad state, a test without its product', async () => {
    const { asked } = serve([{ alarms: [], nextBeforeId: null }]);
    renderApp('/report/alarms?seq_id=32&state=closed', MANAGER);
    await screen.findByText(/No alarms match these filters/, {}, SLOW);
    expect(asked).toEqual([{}]);
  });

  it('picks a state, and asks again with it', async () => {
    const { asked } = serve([{ alarms: [alarm(7)], nextBeforeId: null }]);
    const { user } = renderApp('/report/alarms', MANAGER);
    await table();
    // unset, the filter says what it lets through
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveAttribute('placeholder', 'Any state');
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Open' }));
    await waitFor(() => expect(asked).toEqual([{}, { state: 'open' }]));
  });

  it('pages with before_id: Load more appends the next page', async () => {
    const { asked } = serve([
      { alarms: [alarm(9)], nextBeforeId: 9 },
      { alarms: [alarm(3, { step: 'Center Frequency' })], nextBeforeId: null },
    ]);
    const { user } = renderApp('/report/alarms?state=open', MANAGER);
    await table();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    expect(asked).toEqual([{ state: 'open' }, { state: 'open', before_id: '9' }]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('pages on with Load more: the next page appended below, no alarm twice, busy while it loads', async () => {
    // short pages: the screen follows nextBeforeId, whatever the API's page size
    const page1 = [numbered(200), numbered(199), numbered(198)];
    const page2 = [numbered(150), numbered(149), numbered(148)];
    const page3 = [numbered(100), { ...numbered(99), step: 'Return Loss' }];
    const { asked } = serve(
      (query) =>
        ({
          undefined: { alarms: page1, nextBeforeId: 198 },
          '198': { alarms: page2, nextBeforeId: 148 },
          '148': { alarms: page3, nextBeforeId: null },
        })[String(query.before_id)]!,
      undefined,
      (query) => (query.before_id ? 400 : 0),
    );
    const { user } = renderApp('/report/alarms', MANAGER);
    const rows = async () =>
      within(await table())
        .getAllByRole('row')
        .slice(1);
    expect(await rows()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const more = screen.getByRole('button', { name: 'Load more' });
    expect(more).toBeDisabled();
    expect(more).toHaveAttribute('data-loading', 'true');
    await waitFor(async () => expect(await rows()).toHaveLength(6), SLOW);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await rows()).toHaveLength(8), SLOW);
    const serials = (await rows()).map((row) => within(row).getByRole('link').textContent);
    expect(serials).toEqual([...page1, ...page2, ...page3].map((a) => `F-${a.id}`));
    expect((await rows())[7]).toHaveTextContent('Return Loss');
    expect(asked).toEqual([{}, { before_id: '198' }, { before_id: '148' }]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('starts again at the first page when a filter changes after Load more', async () => {
    const { asked } = serve((query) =>
      query.state === 'open'
        ? { alarms: [alarm(40, { step: 'Center Frequency' })], nextBeforeId: null }
        : query.before_id
          ? { alarms: [alarm(3, { step: 'Return Loss' })], nextBeforeId: null }
          : { alarms: [alarm(9)], nextBeforeId: 9 },
    );
    const { user } = renderApp('/report/alarms', MANAGER);
    await table();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Open' }));
    await waitFor(() => expect(screen.getByRole('table')).toHaveTextContent('Center Frequency'), SLOW);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(asked).toEqual([{}, { before_id: '9' }, { state: 'open' }]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the list busy while a new filter loads, offering no Load more of the old list', async () => {
    const { asked } = serve(
      (query) =>
        query.state === 'open'
          ? { alarms: [alarm(40, { step: 'Center Frequency' })], nextBeforeId: null }
          : { alarms: [alarm(9)], nextBeforeId: 9 },
      undefined,
      (query) => (query.state ? 600 : 0),
    );
    const { user } = renderApp('/report/alarms', MANAGER);
    await table();
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Open' }));
    expect(screen.getAllByLabelText('Loading').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    await waitFor(() => expect(screen.getByRole('table')).toHaveTextContent('Center Frequency'), SLOW);
    expect(asked).toEqual([{}, { state: 'open' }]);
  });

  it('drops a Load more page that arrives after the filter changed', async () => {
    const { asked } = serve(
      (query) =>
        query.state === 'open'
          ? { alarms: [alarm(40, { step: 'Center Frequency' })], nextBeforeId: null }
          : query.before_id
            ? { alarms: [alarm(3, { step: 'Return Loss' })], nextBeforeId: null }
            : { alarms: [alarm(9)], nextBeforeId: 9 },
      undefined,
      (query) => (query.before_id ? 800 : 0),
    );
    const { user } = renderApp('/report/alarms', MANAGER);
    await table();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Open' }));
    await waitFor(() => expect(screen.getByRole('table')).toHaveTextContent('Center Frequency'), SLOW);
    await waitFor(() => expect(asked).toHaveLength(3));
    await delay(900);
    expect(screen.getByRole('table')).not.toHaveTextContent('Return Loss');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
  });

  it('keeps the pages shown when Load more is refused, saying why', async () => {
    serve((query) => (query.before_id ? 'refuse' : { alarms: [alarm(9)], nextBeforeId: 9 }));
    const { user } = renderApp('/report/alarms', MANAGER);
    await table();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('The alarms are busy');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
  });

  it('shows a loader while the list loads, and a refusal with Try again', async () => {
    serve(['refuse', { alarms: [alarm(7)], nextBeforeId: null }]);
    const { user } = renderApp('/report/alarms', MANAGER);
    await screen.findByRole('search', { name: 'Alarm filters' }, SLOW);
    expect(screen.getAllByLabelText('Loading').length).toBeGreaterThan(0);
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('The alarms are busy');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await table()).toBeInTheDocument();
  });

  it('acknowledges only with a note: empty and too long refused in the dialog, then the row shows who and why', async () => {
    const { notes } = serve([{ alarms: [alarm(7)], nextBeforeId: null }]);
    const { user } = renderApp('/report/alarms', MANAGER);
    await table();
    await user.click(screen.getByRole('button', { name: 'Acknowledge the alarm on Insertion Loss Max' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge SPC Alarm' });
    const note = within(dialog).getByRole('textbox', { name: /What was found and done/ });
    expect(note).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(SPC_MSG.note)).toBeInTheDocument();
    await user.type(note, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(notes).toEqual([]);
    await user.clear(note);
    await user.click(note);
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(within(dialog).getByText(SPC_MSG.note)).toBeInTheDocument();
    expect(notes).toEqual([]);
    await user.clear(note);
    await user.type(note, '  Fixture re-torqued  ');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notes).toEqual(['Fixture re-torqued']);
    const row = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Acknowledged');
    expect(row).toHaveTextContent('Ann');
    expect(row).toHaveTextContent('Fixture re-torqued');
    expect(within(row).queryByRole('button', { name: /Acknowledge/ })).toBeNull();
  });

  it("keeps the dialog open with the server's refusal (acknowledged meanwhile)", async () => {
    serve([{ alarms: [alarm(7)], nextBeforeId: null }], () => refuse(SPC_MSG.acknowledged(7), 409));
    const { user } = renderApp('/report/alarms', MANAGER);
    await table();
    await user.click(screen.getByRole('button', { name: 'Acknowledge the alarm on Insertion Loss Max' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge SPC Alarm' });
    await user.type(within(dialog).getByRole('textbox', { name: /What was found/ }), 'Cable swapped');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Alarm 7 is acknowledged already');
  });

  it('shows an acknowledged alarm with who, when and the note, and no Acknowledge', async () => {
    serve([
      {
        alarms: [
          alarm(5, {
            state: 'acknowledged',
            acknowledgedAt: '2026-11-29T12:00:00.000Z',
            acknowledgedByName: 'Olga',
            note: 'Probe cleaned',
          }),
        ],
        nextBeforeId: null,
      },
    ]);
    renderApp('/report/alarms', MANAGER);
    const row = within(await table()).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Olga');
    expect(row).toHaveTextContent('Probe cleaned');
    expect(within(row).queryByRole('button')).toBeNull();
  });
});
