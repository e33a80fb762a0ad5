import { AUDIT_LIST_PAGE, Role, type AuditCsvRow, type ProductListItem } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { MANAGER, renderApp } from '../../../test/render';
import { recordDownloads, serveCsv } from '../../../test/downloads';
import { ok, path, refuse, server } from '../../../test/server';

const SLOW = { timeout: 10_000 };
const OPERATOR = { email: 'olive@acme.example', name: 'Olive', role: Role.Operator };

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
  { id: 5, name: 'D-900', model: '', info: '', seqs: [{ id: 41, name: 'Isolation', stageNo: 1, testNo: 1 }] },
];

const LONG_NOTE = `Tighter insertion loss after the supplier's new resonators ${'and more words '.repeat(8)}end`;

const row = (id: number, over: Partial<AuditCsvRow> = {}): AuditCsvRow => ({
  id,
  at: '2026-11-28T10:15:00.000Z',
  userId: 7,
  userName: 'Eddie Editor',
  thing: 'step',
  thingId: '901',
  productId: 4,
  seqId: 31,
  action: 'update',
  changes: [{ field: 'upper', from: 1.5, to: 1.2 }],
  prevHash: '0'.repeat(64),
  hash: '1'.repeat(64),
  productName: 'F-200',
  seqName: 'Pass band',
  ...over,
});

/** Serves History's calls; answers `pages` in turn to GET /audit and records each query. */
function serve(pages: (AuditCsvRow[] | 'refuse')[]) {
  const asked: Record<string, string>[] = [];
  server.use(
    http.get(path('/user/product_list'), () => ok(PRODUCTS)),
    http.get(path('/user/account'), () =>
      ok({
        account_name: 'Acme',
        manager_name: 'Ann',
        manager_email: MANAGER.email,
        user_list: [
          { id: 7, name: 'Eddie Editor', email: 'e@acme.example', role: Role.Editor, active: true },
        ],
      }),
    ),
    http.get(path('/audit'), ({ request }) => {
      asked.push(Object.fromEntries(new URL(request.url).searchParams));
      const page = pages[Math.min(asked.length, pages.length) - 1]!;
      return page === 'refuse' ? refuse('The audit trail is busy', 503) : ok(page);
    }),
  );
  return asked;
}

const table = () => screen.findByRole('table', { name: 'Changes' }, SLOW);
const bodyRows = (t: HTMLElement) => within(t).getAllByRole('row').slice(1);

describe('History (issue 39, docs/web.md "History")', () => {
  it('lists the rows newest first: time, user, what, action, and each field old → new', async () => {
    serve([
      [
        row(12, {
          thing: 'release',
          thingId: '31/7',
          action: 'release',
          changes: [{ field: 'note', from: null, to: LONG_NOTE }],
        }),
        row(11),
        row(13, {
          thing: 'release',
          thingId: '58',
          action: 'release',
          changes: [{ field: 'no', from: null, to: 3 }],
        }),
        row(10, {
          thing: 'product',
          thingId: '4',
          seqId: null,
          seqName: null,
          action: 'rename',
          changes: [{ field: 'name', from: 'F200', to: 'F-200' }],
        }),
        row(9, {
          thing: 'user',
          thingId: '8',
          productId: null,
          seqId: null,
          productName: null,
          seqName: null,
          userId: null,
          userName: 'CI token',
          action: 'delete',
          changes: [],
        }),
      ],
    ]);
    const { user } = renderApp('/history', MANAGER);
    const rows = bodyRows(await table());
    expect(
      within(await table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'User', 'What', 'Action', 'Changes (old → new)']);
    const cells = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows[1]!)).toEqual([
      expect.stringMatching(/^2026-11-28 \d\d:15:00$/),
      'Eddie Editor',
      'Step #901F-200 / Pass band',
      'update',
      'Upper limit: 1.5 → 1.2',
    ]);
    expect(cells(rows[2]!).slice(2)).toEqual([
      'Release 3F-200 / Pass band',
      'release',
      'Release: (none) → 3',
    ]);
    expect(cells(rows[3]!).slice(2)).toEqual(['Product F-200', 'rename', 'Name: F200 → F-200']);
    expect(cells(rows[4]!).slice(1)).toEqual(['CI token', 'User #8', 'delete', 'no fields']);
    // a long value is cut, its whole text one click away
    const release = rows[0]!;
    // a release is named by its number when the row has it, not by its record's id
    expect(cells(release)[2]).toBe('Release (record #31/7)F-200 / Pass band');
    expect(within(release).getByText('(none)')).toBeInTheDocument();
    expect(within(release).queryByText(LONG_NOTE)).toBeNull();
    await user.click(within(release).getByRole('button', { name: 'Show all' }));
    expect(within(release).getByText(LONG_NOTE, { exact: false })).toHaveTextContent(LONG_NOTE);
  });

  it('builds the query from the URL, and each filter changes the URL and asks again', async () => {
    const asked = serve([[row(11)]]);
    const { user, router } = renderApp(
      '/history?product_id=4&seq_id=31&user_id=7&from=2026-11-01&to=2026-11-28',
      MANAGER,
    );
    await table();
    expect(asked[0]).toEqual({
      product_id: '4',
      seq_id: '31',
      user_id: '7',
      from: '2026-11-01',
      to: '2026-11-28',
      zone_offset: expect.stringMatching(/^-?\d+(\.\d+)?$/),
    });
    // the pickers' products come from a call of their own
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Product' })).toHaveValue('F-200'));
    expect(screen.getByRole('combobox', { name: 'Test' })).toHaveValue('Pass band');
    expect(screen.getByRole('combobox', { name: 'User' })).toHaveValue('Eddie Editor');
    // another product: its tests are offered, the test filter is dropped
    await user.click(screen.getByRole('combobox', { name: 'Product' }));
    await user.click(await screen.findByRole('option', { name: 'D-900' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?product_id=5&user_id=7&from=2026-11-01&to=2026-11-28'),
    );
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ product_id: '5', user_id: '7' }));
    expect(asked.at(-1)!.seq_id).toBeUndefined();
    await user.click(screen.getByRole('combobox', { name: 'Test' }));
    await user.click(await screen.findByRole('option', { name: 'Isolation' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ product_id: '5', seq_id: '41' }));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(asked.at(-1)).toEqual({}));
  });

  it('ignores what in a hand-edited URL is not a filter', async () => {
    const asked = serve([[row(11)]]);
    renderApp('/history?product_id=abc&seq_id=31&user_id=-2&from=2026-11-28&to=2026-11-01', MANAGER);
    await table();
    expect(asked[0]).toEqual({});
  });

  it('pages by before_id with Load more, until a page is short', async () => {
    const first = Array.from({ length: AUDIT_LIST_PAGE }, (_, i) => row(500 - i));
    const asked = serve([first, [row(300), row(299)]]);
    const { user } = renderApp('/history?user_id=7', MANAGER);
    expect(bodyRows(await table())).toHaveLength(AUDIT_LIST_PAGE);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(bodyRows(screen.getByRole('table', { name: 'Changes' }))).toHaveLength(AUDIT_LIST_PAGE + 2),
    );
    expect(asked[1]).toEqual({ user_id: '7', before_id: String(500 - AUDIT_LIST_PAGE + 1) });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when no change matches', async () => {
    serve([[]]);
    renderApp('/history?product_id=5', MANAGER);
    expect(await screen.findByText('No changes match these filters.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Changes' })).toBeNull();
  });

  it('shows a refused read in an alert, and reads again on Try again', async () => {
    serve(['refuse', [row(11)]]);
    const { user } = renderApp('/history', MANAGER);
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('The audit trail is busy');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(bodyRows(await table())).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('downloads the CSV of the same filters under the server’s name', async () => {
    serve([[row(11)]]);
    const asked = serveCsv('/audit/csv', 'audit-trail.csv');
    const clicked = recordDownloads();
    const { user } = renderApp('/history?product_id=4&seq_id=31', MANAGER);
    await table();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toEqual(['audit-trail.csv']));
    expect(asked.query).toEqual({ product_id: '4', seq_id: '31' });
  });

  it('is for managers: an operator is sent on with a note, and asks nothing of the trail', async () => {
    const asked = serve([[row(11)]]);
    renderApp('/history', OPERATOR);
    expect(
      await screen.findByText('History is for the managers of the account.', {}, SLOW),
    ).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
