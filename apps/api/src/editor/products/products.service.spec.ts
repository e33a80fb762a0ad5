import { Conflict, NotFound } from '@sweepline/domain';
import { EDITOR, newTestServices, OUTSIDER } from '../testing/new-test-services';
import { expectRefusal } from '../testing/expect-refusal';

describe('ProductsService', () => {
  it('stores the dialog fields trimmed, an absent model and info as empty text', async () => {
    const { products } = newTestServices();
    const product = await products.create(EDITOR, { name: '  F-200 ', model: null });
    expect(product).toMatchObject({
      name: 'F-200',
      model: '',
      info: '',
      seqs: [],
      createUserName: 'Erin Editor',
    });
  });

  it('refuses the name of a live product of the account, whatever its case', async () => {
    const { products, tables } = newTestServices();
    tables.addProduct(EDITOR.accountId, 'F-200');
    await expectRefusal(
      products.create(EDITOR, { name: 'f-200' }),
      new Conflict('A product named f-200 already exists'),
    );
  });

  it('takes a name another account uses', async () => {
    const { products, tables } = newTestServices();
    tables.addProduct(OUTSIDER.accountId, 'F-200');
    await expect(products.create(EDITOR, { name: 'F-200' })).resolves.toMatchObject({ name: 'F-200' });
  });

  it('restores a deleted product of that name with the tests it had', async () => {
    const { products, tables } = newTestServices();
    const deleted = tables.addProduct(EDITOR.accountId, 'F-200', true);
    tables.addSeq(deleted.id, 'Return loss', { stageNo: 1, testNo: 1 });
    const product = await products.create(EDITOR, { name: 'F-200', model: 'M2' });
    expect(product).toMatchObject({ id: deleted.id, model: 'M2' });
    expect(product.seqs.map((s) => s.name)).toEqual(['Return loss']);
  });

  it("refuses renaming onto a deleted product's name", async () => {
    const { products, tables } = newTestServices();
    const product = tables.addProduct(EDITOR.accountId, 'F-200');
    tables.addProduct(EDITOR.accountId, 'G-300', true);
    await expectRefusal(
      products.update(EDITOR, product.id, { name: 'G-300' }),
      new Conflict('A deleted product is named G-300: add a product with that name to restore it'),
    );
  });

  it("answers another account's product as not found", async () => {
    const { products, tables } = newTestServices();
    const product = tables.addProduct(EDITOR.accountId, 'F-200');
    await expectRefusal(products.remove(OUTSIDER, product.id), new NotFound('Product'));
    expect(product.deleted).toBe(false);
  });
});
