import { screen, waitFor, within } from '@testing-library/react';
import {
  Role,
  Verdict,
  billMonths,
  defaultBillMonth,
  type AccountRow,
  type BillRow,
  type UsageRow,
} from '@sweepline/domain';
import { http } from 'msw';
import { MANAGER, renderApp } from '../../../test/render';
import { ok, path, refuse, server } from '../../../test/server';
import { registeredDay } from './AccountsPage';

const ADMIN = { ...MANAGER, email: 'admin@sweepline.example', role: Role.Admin };
const SLOW = { timeout: 10_000 };

const usage = (
  date: string,
  accountId: number,
  product: string,
  seq: string,
  result: Verdict,
  count: number,
): UsageRow => ({
  date,
  accountId,
  account: accountId === 7 ? 'Acme' : 'Beta',
  managerEmail: accountId === 7 ? 'boss@acme.example' : 'beta@beta.example',
  product,
  seq,
  result,
  count,
});

const USAGE = [
  usage('2026-11-24', 7, 'F-200', 'Pass band', Verdict.Passed, 12),
  usage('2026-11-24', 7, 'F-200', 'Pass band', Verdict.Failed, 2),
  usage('2026-11-24', 7, 'F-200', 'Stop band', Verdict.Aborted, 1),
  usage('2026-11-24', 9, 'F-200', 'Pass band', Verdict.Passed, 4),
  usage('2026-11-23', 9, 'F-200', 'Pass band', Verdict.Passed, 5),
];

/** The table's body cells, row by row, with their rowSpan (1 when not merged). */
function cells(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => `${c.textContent}${c.getAttribute('rowspan') ? `/${c.getAttribute('rowspan')}` : ''}`),
    );
}

describe('Usage', () => {
  it('asks for 7 days, merges date, account, product and test hierarchically, and words the results', async () => {
    const asked: string[] = [];
    server.use(
      http.get(path('/report/usage'), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('day_num')!);
        return ok(USAGE as never);
      }),
    );
    const { user } = renderApp('/ht/usage', ADMIN);
    const table = await screen.findByRole('table', { name: 'Usage' }, SLOW);
    expect(asked).toEqual(['7']);
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('Last 7 days');
    expect(cells(table)).toEqual([
      ['2026-11-24/4', 'Acme boss@acme.example/3', 'F-200/3', 'Pass band/2', 'Passed', '12'],
      ['Failed', '2'],
      ['Stop band', 'Aborted', '1'],
      ['Beta beta@beta.example', 'F-200', 'Pass band', 'Passed', '4'],
      ['2026-11-23', 'Beta beta@beta.example', 'F-200', 'Pass band', 'Passed', '5'],
    ]);

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(asked).toEqual(['7', '100000']));
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Last 30 days' }));
    await waitFor(() => expect(asked).toEqual(['7', '100000', '30']));
  });

  it('keeps the columns when the period has no uploads, saying so in the table', async () => {
    server.use(http.get(path('/report/usage'), () => ok([] as never)));
    renderApp('/ht/usage', ADMIN);
    const table = await screen.findByRole('table', { name: 'Usage' }, SLOW);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Account', 'Product', 'Test', 'Result', 'Count']);
    expect(cells(table)).toEqual([['No uploads in this period.']]);
  });

  it('shows a refusal in an error dialog', async () => {
    server.use(
      http.get(path('/report/usage'), () => refuse('Only the provider administrator may do this', 403)),
    );
    const { user } = renderApp('/ht/usage', ADMIN);
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText('Only the provider administrator may do this')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

const bill = (
  accountId: number,
  productName: string,
  seqName: string,
  count: number,
  amount: number,
): BillRow => ({
  accountId,
  accountName: accountId === 7 ? 'Acme' : 'Beta',
  managerEmail: accountId === 7 ? 'boss@acme.example' : 'beta@beta.example',
  productName,
  seqName,
  count,
  freeCount: 0,
  billableCount: count,
  amount,
  pricePerRecord: 0.05,
  currency: 'USD',
  trialEnd: '2025-01-01T00:00:00.000Z',
});

describe('Bill', () => {
  const account = (id: number, name: string, managerEmail: string): AccountRow => ({
    id,
    name,
    managerEmail,
    registerTime: Date.parse('2024-01-01T00:00:00.000Z'),
    isActive: true,
  });
  /** Every account: Gamma has no records in any month. */
  const ACCOUNTS = [
    account(7, 'Acme', 'boss@acme.example'),
    account(9, 'Beta', 'beta@beta.example'),
    account(11, 'Gamma', 'gm@gamma.example'),
  ];
  beforeEach(() => server.use(http.get(path('/report/accounts'), () => ok(ACCOUNTS as never))));
  const BILL = [
    bill(7, 'F-200', 'Pass band', 3, 0.15),
    bill(7, 'F-200', 'Stop band', 2, 0.1),
    bill(7, 'G-7', 'Match', 1, 0.05),
    bill(9, 'Z', 'Only', 10, 0.5),
  ];

  it('offers the months down to May 2023, starts on the previous one and on the first account', async () => {
    const asked: string[] = [];
    server.use(
      http.get(path('/report/bill'), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('month')!);
        return ok(BILL as never);
      }),
    );
    const { user } = renderApp('/ht/bill', ADMIN);
    const table = await screen.findByRole('table', { name: 'Bill' }, SLOW);
    expect(asked).toEqual([defaultBillMonth(Date.now())]);
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveValue(defaultBillMonth(Date.now()));
    // the searchable picker writes the account's name into its input in an effect after the render
    // that drew the table (Mantine's Select), so on a loaded machine the table can be found first
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Account' })).toHaveValue('Acme'));
    expect(screen.getByLabelText('Manager e-mail')).toHaveTextContent('boss@acme.example');
    expect(cells(table)).toEqual([
      ['F-200/2', 'Pass band', '3', '0', '3', '0.15 USD'],
      ['Stop band', '2', '0', '2', '0.10 USD'],
      ['G-7', 'Match', '1', '0', '1', '0.05 USD'],
      ['Total', '6', '0', '6', '0.30 USD'],
    ]);

    await user.click(screen.getByRole('combobox', { name: 'Month' }));
    const months = await screen.findAllByRole('option');
    expect(months.map((o) => o.textContent)).toEqual(billMonths(Date.now()));
    expect(months.at(-1)).toHaveTextContent('2023-05');
    await user.click(screen.getByRole('option', { name: '2023-05' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toBe('2023-05');

    await user.click(screen.getByRole('combobox', { name: 'Account' }));
    await user.click(await screen.findByRole('option', { name: /^Beta/ }));
    expect(screen.getByLabelText('Manager e-mail')).toHaveTextContent('beta@beta.example');
    expect(cells(screen.getByRole('table', { name: 'Bill' }))).toEqual([
      ['Z', 'Only', '10', '0', '10', '0.50 USD'],
      ['Total', '10', '0', '10', '0.50 USD'],
    ]);
  });

  it('lists every account with its e-mail, and shows the empty table of an account without records (issue 38)', async () => {
    server.use(http.get(path('/report/bill'), () => ok(BILL as never)));
    const { user } = renderApp('/ht/bill', ADMIN);
    await screen.findByRole('table', { name: 'Bill' }, SLOW);
    await user.click(screen.getByRole('combobox', { name: 'Account' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Acmeboss@acme.example',
      'Betabeta@beta.example',
      'Gammagm@gamma.example',
    ]);
    await user.click(options[2]!);
    expect(screen.getByLabelText('Manager e-mail')).toHaveTextContent('gm@gamma.example');
    expect(screen.getByText(`No records of Gamma in ${defaultBillMonth(Date.now())}.`)).toBeInTheDocument();
    expect(cells(screen.getByRole('table', { name: 'Bill' }))).toEqual([['Total', '0', '0', '0', '0.00']]);
  });

  it('offers every account in a month without records, with its empty table and Total (issue 38)', async () => {
    server.use(http.get(path('/report/bill'), () => ok([])));
    renderApp('/ht/bill', ADMIN);
    const table = await screen.findByRole('table', { name: 'Bill' }, SLOW);
    expect(screen.getByRole('combobox', { name: 'Account' })).toBeEnabled();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Account' })).toHaveValue('Acme'));
    // the accounts and the bill are two calls: the sentence waits for the bill's, which may come last
    expect(
      await screen.findByText(`No records of Acme in ${defaultBillMonth(Date.now())}.`, {}, SLOW),
    ).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Test', 'Records', 'Free (trial)', 'Billable', 'Amount']);
    expect(cells(table)).toEqual([['Total', '0', '0', '0', '0.00']]);
  });
});

describe('Accounts', () => {
  const ACCOUNTS: AccountRow[] = [
    {
      id: 2,
      name: 'Beta',
      managerEmail: 'beta@beta.example',
      registerTime: Date.parse('2026-11-20T10:00:00.000Z'),
      isActive: true,
    },
    { id: 1, name: 'Old', managerEmail: '', registerTime: null as unknown as number, isActive: false },
  ];

  it("shows 'Total Accounts: N' and the rows with YYYY-mm-dd dates", async () => {
    server.use(http.get(path('/report/accounts'), () => ok(ACCOUNTS as never)));
    renderApp('/ht/accounts', ADMIN);
    expect(await screen.findByRole('heading', { name: 'Total Accounts: 2' }, SLOW)).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Accounts' })).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Name', 'Manager Email', 'Registered', 'Is Active']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Beta', 'beta@beta.example', registeredDay(Date.parse('2026-11-20T10:00:00.000Z')), 'Yes']);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Old', '', '', 'No']);
  });

  it('formats a registration as YYYY-mm-dd and a missing one as blank', () => {
    expect(registeredDay(Date.parse('2026-11-20T10:00:00.000Z'))).toMatch(/^2026-11-(19|20|21)$/);
    expect(registeredDay(null)).toBe('');
  });
});
