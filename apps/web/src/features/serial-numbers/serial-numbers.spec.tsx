import { MSG, Role, Verdict, type SnProduct, type SnUnit } from '@sweepline/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { MANAGER, renderApp } from '../../../test/render';
import { ok, path, refuse, server } from '../../../test/server';
import { TEXTS } from '../../app/texts';

const OPERATOR = { email: 'olive@acme.example', name: 'Olive', role: Role.Operator };

const FILTER: SnProduct = {
  id: 4,
  name: 'F-200',
  model: '',
  info: '',
  seqs: [{ id: 31, name: 'Pass band', stageNo: 1, testNo: 1 }],
  snArray: ['A-1', 'A-2', 'B-10', 'b-2'],
  stageArray: [1, 2, 5],
};
const EMPTY: SnProduct = {
  id: 9,
  name: 'Bare',
  model: '',
  info: '',
  seqs: [],
  snArray: ['E-1'],
  stageArray: [],
};

interface Seen {
  method: string;
  url: string;
  body: unknown;
}

/** GET /sn/units of FILTER: A-1 failed at stage 2, A-2 finished, B-10 never run; b-2 left out (still loading). */
const FILTER_UNITS: SnUnit[] = [
  {
    sn: 'A-1',
    stageNo: 2,
    finished: false,
    latest: { result: Verdict.Failed, startTime: '2026-11-20T08:00:00.000Z', seqName: 'Pass band' },
  },
  {
    sn: 'A-2',
    stageNo: null,
    finished: true,
    latest: { result: Verdict.Passed, startTime: '2026-11-20T09:00:00.000Z', seqName: 'Pass band' },
  },
  { sn: 'B-10', stageNo: 1, finished: false, latest: null },
  { sn: 'b-2', stageNo: 1, finished: false, latest: null },
];

function serve(products: SnProduct[] = [FILTER, EMPTY]) {
  const seen: Seen[] = [];
  const record = async (request: Request) =>
    seen.push({ method: request.method, url: new URL(request.url).pathname, body: await request.json() });
  server.use(
    http.get(path('/sn'), () => ok(products as never)),
    http.get(path('/sn/units'), ({ request }) =>
      ok((new URL(request.url).searchParams.get('product_id') === '4' ? FILTER_UNITS : []) as never),
    ),
    http.post(path('/sn'), async ({ request }) => {
      await record(request);
      return ok({ productId: 4, snArray: [], stageNo: 1 });
    }),
    http.delete(path('/sn'), async ({ request }) => {
      await record(request);
      return ok(null);
    }),
    http.post(path('/sn_stage_history'), async ({ request }) => {
      await record(request);
      return ok({ productId: 4, snArray: [], stageNo: 2 });
    }),
  );
  return seen;
}

// the first screen of a file renders slowly on a loaded 2-core machine: more than the default 1 s
const snList = () => screen.findByRole('listbox', { name: 'Serial numbers' }, { timeout: 10_000 });
/** The serial number of an option: its first cell (the others say where the unit is). */
const snOf = (o: HTMLElement) => o.firstElementChild!.textContent;
const options = async () =>
  within(await snList())
    .getAllByRole('option')
    .map(snOf);
const selected = async () =>
  within(await snList())
    .getAllByRole('option')
    .filter((o) => o.getAttribute('aria-selected') === 'true')
    .map(snOf);
const option = async (sn: string) =>
  within(await snList()).getByRole('option', { name: new RegExp(`^${sn}\\s*(,|$)`) });
const toolbar = (name: string) =>
  within(screen.getByRole('region', { name: 'Serial Numbers' })).getByRole('button', { name });

describe('Serial Numbers (docs/requirements/serial-numbers.md#screen, docs/requirements/serial-numbers.md#add-dialog, docs/requirements/serial-numbers.md#messages)', () => {
  it('lists the products, the first selected, and its serial numbers', async () => {
    serve();
    const { user } = renderApp('/sn', OPERATOR);
    expect(await options()).toEqual(['A-1', 'A-2', 'B-10', 'b-2']);
    const products = screen.getByRole('listbox', { name: 'Products' });
    const [first, second] = within(products).getAllByRole('option');
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveTextContent('F-200');
    expect(first).toHaveTextContent('4 serial numbers');
    await user.click(second!);
    expect(await options()).toEqual(['E-1']);
    expect(second).toHaveAttribute('aria-selected', 'true');
  });

  it('narrows the list by the search box', async () => {
    serve();
    const { user } = renderApp('/sn', OPERATOR);
    await snList();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'b-');
    expect(await options()).toEqual(['B-10', 'b-2']);
    expect(screen.getByText('2 of 4 serial numbers, 0 selected')).toBeInTheDocument();
  });

  it('selects by click, ctrl-click, shift-click and the arrow keys', async () => {
    serve();
    const { user } = renderApp('/sn', OPERATOR);
    await user.click(await option('A-2'));
    expect(await selected()).toEqual(['A-2']);
    await user.keyboard('{Control>}');
    await user.click(await option('b-2'));
    await user.keyboard('{/Control}');
    expect(await selected()).toEqual(['A-2', 'b-2']);
    await user.click(await option('A-1'));
    await user.keyboard('{Shift>}');
    await user.click(await option('B-10'));
    await user.keyboard('{/Shift}');
    expect(await selected()).toEqual(['A-1', 'A-2', 'B-10']);
    // the keyboard goes on from the row clicked last
    (await snList()).focus();
    await user.keyboard('{ArrowDown}');
    expect(await selected()).toEqual(['b-2']);
    await user.keyboard('{ArrowUp}{Shift>}{ArrowUp}{/Shift}');
    expect(await selected()).toEqual(['A-2', 'B-10']);
    await user.keyboard(' ');
    expect(await selected()).toEqual(['B-10']);
  });

  it("copies a serial number: 'Copied' for 1 s, or 'Failed to copy: {reason}'", async () => {
    serve();
    const { user } = renderApp('/sn', OPERATOR);
    await snList();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy B-10' }));
    expect(writeText).toHaveBeenCalledWith('B-10');
    expect(await screen.findByText(MSG.copied)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(MSG.copied)).not.toBeInTheDocument(), { timeout: 3000 });
    writeText.mockRejectedValue(new Error('Write permission denied'));
    await user.click(screen.getByRole('button', { name: 'Copy A-1' }));
    expect(await screen.findByText('Failed to copy: Write permission denied')).toBeInTheDocument();
  });

  it('puts each copy button beside its option, not inside it or the listbox (issue 38)', async () => {
    serve();
    renderApp('/sn', OPERATOR);
    const list = await snList();
    const button = screen.getByRole('button', { name: 'Copy A-2' });
    expect(list.contains(button)).toBe(false);
    expect(within(list).queryAllByRole('button')).toEqual([]);
  });

  it("copies from the keyboard: Tab goes from the list to the focused row's copy button", async () => {
    serve();
    const { user } = renderApp('/sn', OPERATOR);
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    (await snList()).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Copy A-2' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(writeText).toHaveBeenCalledWith('A-2');
    expect(await screen.findByText(MSG.copied)).toBeInTheDocument();
  });

  it("shows each serial number's stage and latest result, and reads them again after a jump (issue 38)", async () => {
    serve();
    const { user } = renderApp('/sn', OPERATOR);
    // an option is named by its serial number alone, and described by its stage and result
    const texts = async () =>
      within(await snList())
        .getAllByRole('option')
        .map(
          (o) =>
            `${o.textContent}, ${document.getElementById(o.getAttribute('aria-describedby')!)?.textContent}`,
        );
    await screen.findByText('Failed');
    expect(await texts()).toEqual([
      'A-1, Stage 2, Failed',
      'A-2, Finished, Passed',
      'B-10, Stage 1, Not run',
      'b-2, Stage 1, Not run',
    ]);
    const asked = jest.fn();
    server.use(
      http.get(path('/sn/units'), () => {
        asked();
        return ok([{ ...FILTER_UNITS[2]!, stageNo: 5 }] as never);
      }),
    );
    await user.click(await option('B-10'));
    await user.click(toolbar('Jump to Stage'));
    const dialog = await screen.findByRole('dialog', { name: 'Jump To Stage' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Stage' }));
    await user.click(within(dialog).getByRole('option', { name: 'Stage 5' }));
    await user.click(within(dialog).getByRole('button', { name: 'Jump' }));
    await waitFor(async () => expect((await texts())[2]).toBe('B-10, Stage 5, Not run'));
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('adds serial numbers: the list sorted and the new ones selected', async () => {
    const seen = serve();
    const { user } = renderApp('/sn', OPERATOR);
    await snList();
    await user.click(toolbar('Add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Serial Number' });
    await user.type(within(dialog).getByRole('textbox', { name: /Serial numbers/ }), '  C-3\nA-3\n AA-1  ');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seen).toEqual([
      { method: 'POST', url: '/webcyc/api/sn', body: { product_id: 4, sn_array: ['C-3', 'A-3', 'AA-1'] } },
    ]);
    expect(await options()).toEqual(['A-1', 'A-2', 'A-3', 'AA-1', 'B-10', 'C-3', 'b-2']);
    expect(await selected()).toEqual(['A-3', 'AA-1', 'C-3']);
  });

  it.each([
    ['', MSG.enterSerialNumber],
    ['A-5\n   \nA-6', MSG.removeEmptyLines],
    ['A-5\nA 6', MSG.invalidCharacter],
    ['A-5\nA-6\nA-5', 'A-5 duplicated'],
    [Array.from({ length: 1001 }, (_, i) => `N${i}`).join('\n'), MSG.noMoreThan1000SerialNumbers],
  ])('refuses a bad list in the Add dialog with the rule of the domain: %#', async (input, message) => {
    const seen = serve();
    const { user } = renderApp('/sn', OPERATOR);
    await snList();
    await user.click(toolbar('Add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Serial Number' });
    const box = within(dialog).getByRole('textbox', { name: /Serial numbers/ });
    if (input.length > 100) {
      await user.click(box);
      await user.paste(input);
    } else if (input) await user.type(box, input);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(seen).toEqual([]);
  });

  it("shows the API's refusal of an add in an error alert and keeps the dialog", async () => {
    serve();
    server.use(
      http.post(path('/sn'), () => refuse('Serial number A-1 already exists in product F-200', 409)),
    );
    const { user } = renderApp('/sn', OPERATOR);
    await snList();
    await user.click(toolbar('Add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Serial Number' });
    await user.type(within(dialog).getByRole('textbox', { name: /Serial numbers/ }), 'A-1');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const alert = await screen.findByRole('dialog', { name: TEXTS.error });
    expect(alert).toHaveTextContent('Serial number A-1 already exists in product F-200');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('dialog', { name: 'Add Serial Number' })).toBeInTheDocument();
    expect(await options()).toEqual(['A-1', 'A-2', 'B-10', 'b-2']);
  });

  it('jumps the selection to a stage and says so', async () => {
    const seen = serve();
    const { user } = renderApp('/sn', OPERATOR);
    await user.click(await option('A-2'));
    await user.keyboard('{Control>}');
    await user.click(await option('A-1'));
    await user.keyboard('{/Control}');
    await user.click(toolbar('Jump to Stage'));
    const dialog = await screen.findByRole('dialog', { name: 'Jump To Stage' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Stage' }));
    await user.click(within(dialog).getByRole('option', { name: 'Stage 5' }));
    await user.click(within(dialog).getByRole('button', { name: 'Jump' }));
    expect(await screen.findByText(MSG.jumpedToStage)).toBeInTheDocument();
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/webcyc/api/sn_stage_history',
        body: { sn_array: ['A-1', 'A-2'], stage_no: 5, product_id: 4 },
      },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Jump To Stage' })).not.toBeInTheDocument();
  });

  it('says what Jump to Stage needs: a selection, and a product with stages', async () => {
    const seen = serve();
    const { user } = renderApp('/sn', OPERATOR);
    await snList();
    await user.click(toolbar('Jump to Stage'));
    expect(await screen.findByText(MSG.noSerialNumberSelected)).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('listbox', { name: 'Products' })).getByRole('option', { name: /Bare/ }),
    );
    await user.click(await option('E-1'));
    await user.click(toolbar('Jump to Stage'));
    expect(await screen.findByText(MSG.noStageForProduct)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it('shows a loading state until the products arrive, not two empty lists that grow under the search (a layout shift)', async () => {
    serve();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(path('/sn'), async () => {
        await answered;
        return ok([FILTER, EMPTY] as never);
      }),
    );
    renderApp('/sn', OPERATOR);
    // the screen's own loading state, once its code has arrived (the route's is the same loader)
    await screen.findByRole('heading', { name: 'Serial Numbers' }, { timeout: 10_000 });
    expect(screen.getByLabelText('Loading products')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Serial Numbers' })).not.toBeInTheDocument();
    expect(screen.queryByText('No products yet: add one on the Products screen.')).not.toBeInTheDocument();
    act(() => answer());
    expect(await options()).toEqual(['A-1', 'A-2', 'B-10', 'b-2']);
    expect(screen.queryByLabelText('Loading products')).not.toBeInTheDocument();
  });

  it('shows the screen, not a loading state, when the products cannot be read', async () => {
    serve();
    server.use(http.get(path('/sn'), () => refuse('database down', 500)));
    renderApp('/sn', OPERATOR);
    expect(await screen.findByRole('dialog', { name: TEXTS.error }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Serial Numbers' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading products')).not.toBeInTheDocument();
  });

  it("says 'No product selected' when the account has no products", async () => {
    serve([]);
    const { user } = renderApp('/sn', OPERATOR);
    expect(
      await screen.findByText('No products yet: add one on the Products screen.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await user.click(toolbar('Add'));
    expect(await screen.findAllByText(MSG.noProductSelected)).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("deletes after 'Delete {n} serial numbers?', or keeps them on Cancel", async () => {
    const seen = serve();
    const { user } = renderApp('/sn', OPERATOR);
    await snList();
    await user.click(toolbar('Delete'));
    expect(await screen.findByText(MSG.noSerialNumberSelected)).toBeInTheDocument();
    await user.click(await option('A-1'));
    await user.keyboard('{Shift>}');
    await user.click(await option('B-10'));
    await user.keyboard('{/Shift}');
    await user.click(toolbar('Delete'));
    let confirm = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(confirm).toHaveTextContent('Delete 3 serial numbers?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(seen).toEqual([]);
    await user.click(toolbar('Delete'));
    confirm = await screen.findByRole('dialog', { name: 'Confirm' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(await options()).toEqual(['b-2']));
    expect(seen).toEqual([
      { method: 'DELETE', url: '/webcyc/api/sn', body: { product_id: 4, sn_array: ['A-1', 'A-2', 'B-10'] } },
    ]);
    expect(await selected()).toEqual([]);
  });

  it('shows a refused delete in an error alert and keeps the list', async () => {
    serve();
    server.use(
      http.delete(path('/sn'), () => refuse('Serial number A-1 has test results and cannot be deleted', 409)),
    );
    const { user } = renderApp('/sn', OPERATOR);
    await user.click(await option('A-1'));
    await user.click(toolbar('Delete'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('dialog', { name: TEXTS.error })).toHaveTextContent(
      'Serial number A-1 has test results and cannot be deleted',
    );
    expect(await options()).toEqual(['A-1', 'A-2', 'B-10', 'b-2']);
  });

  it('shows a failed load in an error alert', async () => {
    server.use(http.get(path('/sn'), () => refuse('Something broke', 500)));
    renderApp('/sn', MANAGER);
    expect(await screen.findByRole('dialog', { name: TEXTS.error }, { timeout: 10_000 })).toHaveTextContent(
      'Something broke',
    );
  });

  it("shows a serial number's current stage and its stage history (beyond the spec)", async () => {
    serve();
    server.use(
      http.get(path('/sn/history'), ({ request }) => {
        const q = new URL(request.url).searchParams;
        expect([q.get('product_id'), q.get('sn')]).toEqual(['4', 'A-2']);
        return ok({
          productId: 4,
          sn: 'A-2',
          stageNo: 2,
          finished: false,
          entries: [
            { stageNo: 2, reason: 'advance', createdAt: '2026-11-24T10:00:00Z', createdByName: 'Runner' },
            { stageNo: 1, reason: 'add', createdAt: '2026-11-23T10:00:00Z', createdByName: 'Olive' },
          ],
        });
      }),
    );
    const { user } = renderApp('/sn', OPERATOR);
    await user.click(await option('A-2'));
    await user.click(toolbar('Stage History'));
    const dialog = await screen.findByRole('dialog', { name: 'Stage History' });
    expect(dialog).toHaveTextContent('A-2: Stage 2');
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Stage 2', 'Passed the stage', 'Runner'],
      ['Stage 1', 'Added', 'Olive'],
    ]);
  });

  it('draws only the rows in view of 100,000 serial numbers', async () => {
    const many = Array.from({ length: 100_000 }, (_, i) => `S${String(i).padStart(6, '0')}`);
    serve([{ ...FILTER, snArray: many }]);
    const { user } = renderApp('/sn', OPERATOR);
    const list = await snList();
    const drawn = within(list).getAllByRole('option');
    expect(drawn.length).toBeLessThan(40);
    expect(drawn[0]).toHaveAttribute('aria-setsize', '100000');
    // the box around the listbox scrolls (the copy buttons beside it scroll with it)
    const scroller = list.closest<HTMLElement>('[data-virtual-scroll]')!;
    act(() => {
      scroller.scrollTop = 32 * 50_000;
      scroller.dispatchEvent(new Event('scroll'));
    });
    expect(within(list).getByRole('option', { name: /^S050000/ })).toHaveAttribute('aria-posinset', '50001');
    await user.click(within(list).getByRole('option', { name: /^S050001/ }));
    expect(await selected()).toEqual(['S050001']);
  });
});
