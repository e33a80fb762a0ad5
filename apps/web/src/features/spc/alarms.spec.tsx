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

/** Serves the list's calls: `pages` in turn to GET /spc/alarms (each query recorded), and acknowledge. */
function serve(pages: (SpcAlarmPage | 'refuse')[], acknowledge?: (note: unknown) => Response) {
  const asked: Record<string, string>[] = [];
  const notes: unknown[] = [];
  server.use(
    http.get(path('/user/product_list'), () => ok(PRODUCTS)),
    http.get(path('/spc/alarms'), async ({ request }) => {
      asked.push(Object.fromEntries(new URL(request.url).searchParams));
      const page = pages[Math.min(asked.length, pages.length) - 1]!;
      // the first answer takes a moment, so the loader can be seen
      if (asked.length === 1) await delay(300);
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
    const menu = screen.getByRole('group', { name: 'Measurements' });
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
