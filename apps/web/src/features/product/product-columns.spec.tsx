import { MSG, Role } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { list, optionNames, selectedNames } from '../../../test/editor-queries';
import { MANAGER, renderApp } from '../../../test/render';
import { ALPHA, serveEditor } from '../../../test/editor-fixtures';

// the editor's route is lazy: its first import is slow under jest
beforeAll(() => import('./ProductPage'));

describe('Products screen: the columns (docs/requirements/test-editor.md#layout)', () => {
  it('loads once and shows products, the first product’s tests and the first test’s steps', async () => {
    const loads = serveEditor();
    renderApp('/product', MANAGER);
    expect(await optionNames('Products')).toEqual(['Alpha', 'beta']);
    expect(await optionNames('Tests')).toEqual(['1-1 Pass band *', '1-2 Stop band *']);
    expect(await optionNames('Test Steps')).toEqual([
      '1 Prompt A',
      '2 Delay B *',
      '3 Delay C',
      '4 Delay D',
      '5 Delay E',
    ]);
    expect(await selectedNames('Products')).toEqual(['Alpha']);
    expect(await selectedNames('Tests')).toEqual(['1-1 Pass band *']);
    expect(await selectedNames('Test Steps')).toEqual(['1 Prompt A']);
    expect(loads.count).toBe(1);
    // a name the column cuts short shows whole on hover
    for (const [column, name] of [
      ['Products', 'Alpha'],
      ['Tests', 'Pass band'],
      ['Test Steps', 'Prompt A'],
    ] as const) {
      expect(within(await list(column)).getByTitle(name)).toHaveTextContent(name);
    }
    for (const region of ['Products', 'Tests', 'Test Steps', 'Step Parameters']) {
      expect(screen.getByRole('region', { name: region })).toBeInTheDocument();
    }
  });

  it('shows an incomplete step’s first two errors and an ellipsis', async () => {
    serveEditor();
    renderApp('/product', MANAGER);
    const steps = await list('Test Steps');
    const star = within(steps).getByRole('img');
    expect(star.getAttribute('aria-label')).toBe(
      'Start frequency: Enter a number\nStop frequency: Enter a number\n…',
    );
  });

  it('switches product and test, selecting their first test and step', async () => {
    serveEditor();
    const { user } = renderApp('/product', MANAGER);
    await user.click(within(await list('Products')).getByRole('option', { name: 'beta' }));
    expect(await optionNames('Tests')).toEqual(['2-1 Only']);
    expect(await selectedNames('Test Steps')).toEqual(['1 Beta step']);
    await user.click(within(await list('Products')).getByRole('option', { name: 'Alpha' }));
    await user.click(within(await list('Tests')).getByRole('option', { name: '1-2 Stop band *' }));
    expect(within(await list('Test Steps')).queryAllByRole('option')).toEqual([]);
    expect(screen.getByText('No steps')).toBeInTheDocument();
  });

  it('has every tool of each column, named', async () => {
    serveEditor();
    renderApp('/product', MANAGER);
    await list('Products');
    const names = (toolbar: string) =>
      within(screen.getByRole('toolbar', { name: toolbar }))
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label'));
    expect(names('Product tools')).toEqual([
      'Add product',
      'Edit product',
      'Product information',
      'Delete product',
    ]);
    expect(names('Test tools')).toEqual([
      'Add test',
      'Rename test',
      'Process control',
      'Copy test',
      'Paste test',
      'Set Up Calibrations',
      'Test information',
      'Delete test',
    ]);
    expect(names('Step tools')).toEqual([
      'Add step',
      'Edit step',
      'Copy steps',
      'Paste steps',
      'Move up',
      'Move down',
      'Delete steps',
    ]);
  });

  it('shows who created and changed the product and the test', async () => {
    serveEditor();
    const { user } = renderApp('/product', MANAGER);
    await list('Products');
    await user.click(screen.getByRole('button', { name: 'Product information' }));
    const info = await screen.findByRole('dialog', { name: 'Product information' });
    expect(info).toHaveTextContent(/Created\s*Erin, \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    expect(info).toHaveTextContent(/Updated\s*Frank/);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Test information' }));
    expect(await screen.findByRole('dialog', { name: 'Test information' })).toHaveTextContent(/Erin/);
  });

  it('tells what is missing with the spec’s info messages', async () => {
    serveEditor([{ ...ALPHA, seqs: [] }]);
    const { user } = renderApp('/product', MANAGER);
    await list('Products');
    await user.click(screen.getByRole('button', { name: 'Rename test' }));
    expect(await screen.findByText(MSG.noTestSelected)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Paste test' }));
    expect(await screen.findByText(MSG.copyTestFirst)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    await user.click(screen.getByRole('button', { name: 'Paste steps' }));
    expect(await screen.findByText(MSG.copyStepsFirst)).toBeInTheDocument();
  });

  it('shows operators the editor without tools (read-only)', async () => {
    serveEditor();
    renderApp('/product', { ...MANAGER, role: Role.Operator });
    expect(await optionNames('Products')).toEqual(['Alpha', 'beta']);
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add product' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(MSG.changesNotSaved)).not.toBeInTheDocument());
  });
});
