import { MSG } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { list, optionNames, selectedNames } from '../../../test/editor-queries';
import { MANAGER, renderApp } from '../../../test/render';
import {
  ALPHA,
  PASS_BAND,
  record,
  seq,
  serveEditor,
  STOP_BAND,
  type Sent,
} from '../../../test/editor-fixtures';
import { path, refuse, server } from '../../../test/server';
import { TEXTS } from '../../app/texts';

beforeAll(() => import('./ProductPage'));

const dialog = (name: string) => screen.findByRole('dialog', { name });
const gone = (name: string) =>
  waitFor(() => expect(screen.queryByRole('dialog', { name })).not.toBeInTheDocument());

describe('Products screen: products and tests (docs/requirements/test-editor.md#layout, docs/requirements/test-editor.md, docs/requirements/test-editor.md#name-rule, docs/requirements/errors-and-envelope.md#client-side-errors)', () => {
  it('adds a product: checks the name, sends it trimmed, places it by name and selects it', async () => {
    serveEditor();
    const added = { ...ALPHA, id: 3, name: 'Amber', model: 'M', info: '', seqs: [] };
    const sent = record('post', '/product', added);
    const { user } = renderApp('/product', MANAGER);
    await list('Products');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    const form = await dialog('Add Product');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText(MSG.emptyInput)).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'a/b');
    expect(within(form).getByText(MSG.invalidCharacter)).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), ' Amber ');
    await user.type(within(form).getByRole('textbox', { name: 'Model' }), 'M{Enter}');
    await gone('Add Product');
    expect(sent.map((s) => s.body)).toEqual([{ name: 'Amber', model: 'M', info: '' }]);
    expect(await optionNames('Products')).toEqual(['Alpha', 'Amber', 'beta']);
    expect(await selectedNames('Products')).toEqual(['Amber']);
    expect(within(await list('Tests')).queryAllByRole('option')).toEqual([]);
  });

  it('edits a product with the server’s answer, and shows a refusal in the error alert', async () => {
    serveEditor();
    server.use(http.put(path('/product/1'), () => refuse('A product named beta already exists', 409)));
    const { user } = renderApp('/product', MANAGER);
    await list('Products');
    await user.click(screen.getByRole('button', { name: 'Edit product' }));
    const form = await dialog('Edit Product');
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('Alpha');
    expect(within(form).getByRole('textbox', { name: 'Model' })).toHaveValue('A-1');
    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'beta{Enter}');
    const alert = await dialog(TEXTS.error);
    expect(alert).toHaveTextContent('A product named beta already exists');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('dialog', { name: 'Edit Product' })).toBeInTheDocument();
    const sent = record('put', '/product/:id', { ...ALPHA, name: 'Zeta' });
    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Zeta{Enter}');
    await gone('Edit Product');
    expect(sent[0]).toMatchObject({
      params: { id: '1' },
      body: { name: 'Zeta', model: 'A-1', info: 'first' },
    });
    expect(await optionNames('Products')).toEqual(['beta', 'Zeta']);
    expect(await selectedNames('Products')).toEqual(['Zeta']);
  });

  it('deletes a product after "Delete the product {name}?" and selects the neighbour', async () => {
    serveEditor();
    const sent = record('delete', '/product/:id', null);
    const { user } = renderApp('/product', MANAGER);
    await list('Products');
    await user.click(screen.getByRole('button', { name: 'Delete product' }));
    const confirm = await dialog('Confirm');
    expect(confirm).toHaveTextContent(MSG.deleteProduct('Alpha'));
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await gone('Confirm');
    expect(sent).toEqual([expect.objectContaining({ params: { id: '1' } })]);
    expect(await optionNames('Products')).toEqual(['beta']);
    expect(await selectedNames('Products')).toEqual(['beta']);
    expect(await optionNames('Tests')).toEqual(['2-1 Only']);
  });

  it('adds a test after the selected one, shifting the stage as the server did, and selects it', async () => {
    serveEditor();
    const sent = record('post', '/seq', seq(13, 'Middle', 1, 2, []));
    const { user } = renderApp('/product', MANAGER);
    await list('Tests');
    await user.click(screen.getByRole('button', { name: 'Add test' }));
    const form = await dialog('Add Test');
    await user.type(within(form).getByRole('textbox', { name: 'Test name' }), 'Middle{Enter}');
    await gone('Add Test');
    expect(sent[0]!.body).toEqual({ product_id: 1, name: 'Middle', current_seq_id: 11 });
    expect(await optionNames('Tests')).toEqual(['1-1 Pass band *', '1-2 Middle *', '1-3 Stop band *']);
    expect(await selectedNames('Tests')).toEqual(['1-2 Middle *']);
  });

  it('renames a test and saves process-control numbers checked by the domain rule', async () => {
    serveEditor();
    const renamed = record('put', '/seq/name/:id', { ...PASS_BAND, name: 'Pass' });
    const { user } = renderApp('/product', MANAGER);
    await list('Tests');
    await user.click(screen.getByRole('button', { name: 'Rename test' }));
    const form = await dialog('Rename Test');
    const field = within(form).getByRole('textbox', { name: 'Test name' });
    expect(field).toHaveValue('Pass band');
    await user.clear(field);
    await user.type(field, 'Pass{Enter}');
    await gone('Rename Test');
    expect(renamed[0]).toMatchObject({ params: { id: '11' }, body: { name: 'Pass' } });
    expect(await optionNames('Tests')).toEqual(['1-1 Pass *', '1-2 Stop band *']);

    const numbered = record('put', '/product/process_control/:productId', {
      ...ALPHA,
      seqs: [
        { ...STOP_BAND, stageNo: 1, testNo: 1 },
        { ...PASS_BAND, name: 'Pass', stageNo: 2, testNo: 1 },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Process control' }));
    const pc = await dialog('Process Control');
    const stageOfPass = within(pc).getByRole('textbox', { name: 'Stage of Pass' });
    const testOfStop = within(pc).getByRole('textbox', { name: 'Test number of Stop band' });
    await user.clear(testOfStop);
    await user.type(testOfStop, '1');
    await user.click(within(pc).getByRole('button', { name: 'Save' }));
    expect(within(pc).getAllByText('Stage-test 1-1 is used more than once')).toHaveLength(2);
    await user.clear(stageOfPass);
    await user.type(stageOfPass, '100');
    expect(within(pc).getByText('Stage and test numbers are integers 1-99')).toBeInTheDocument();
    await user.clear(stageOfPass);
    await user.type(stageOfPass, '2');
    await user.click(within(pc).getByRole('button', { name: 'Save' }));
    await gone('Process Control');
    expect(numbered[0]!.body).toEqual({
      seq_array: [
        { seq_id: 11, stage_no: 2, test_no: 1 },
        { seq_id: 12, stage_no: 1, test_no: 1 },
      ],
    });
    expect(await optionNames('Tests')).toEqual(['1-1 Stop band *', '2-1 Pass *']);
    expect(await selectedNames('Tests')).toEqual(['2-1 Pass *']);
  });

  it('copies a test, pastes it into another product with the keyboard, and selects the copy', async () => {
    serveEditor();
    const pasted = seq(30, 'Pass band - copy', 2, 2, PASS_BAND.steps);
    const sent = record('post', '/seq/copy', pasted);
    const { user } = renderApp('/product', MANAGER);
    (await list('Tests')).focus();
    await user.keyboard('{Control>}c{/Control}');
    expect(await screen.findByText(MSG.copying('Pass band'))).toBeInTheDocument();
    await user.click(within(await list('Products')).getByRole('option', { name: 'beta' }));
    (await list('Tests')).focus();
    await user.keyboard('{Control>}v{/Control}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      from_seq_id: 11,
      to_product_id: 2,
      current_seq_id: 21,
      new_seq_name: 'Pass band - copy',
    });
    expect(await optionNames('Tests')).toEqual(['2-1 Only', '2-2 Pass band - copy *']);
    expect(await selectedNames('Tests')).toEqual(['2-2 Pass band - copy *']);
    expect(await selectedNames('Test Steps')).toEqual(['1 Prompt A']);
  });

  it('deletes a test at once, as a step (the spec confirms products and alignments only), selecting the one before it', async () => {
    serveEditor();
    const sent: Sent[] = record('delete', '/seq/:id', null);
    const { user } = renderApp('/product', MANAGER);
    await user.click(within(await list('Tests')).getByRole('option', { name: '1-2 Stop band *' }));
    (await list('Tests')).focus();
    await user.keyboard('{Delete}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent[0]!.params).toEqual({ id: '12' });
    expect(await optionNames('Tests')).toEqual(['1-1 Pass band *']);
    expect(await selectedNames('Tests')).toEqual(['1-1 Pass band *']);
    // the tool deletes the one selected now, and with none selected says so
    await user.click(screen.getByRole('button', { name: 'Delete test' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.params).toEqual({ id: '11' });
    expect(within(await list('Tests')).queryAllByRole('option')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete test' }));
    expect(await screen.findByText(MSG.noTestSelected)).toBeInTheDocument();
    expect(sent).toHaveLength(2);
  });
});
