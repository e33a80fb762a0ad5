import type { EditorProduct, ProductBody } from '@sweepline/domain';
import { editorApi } from '../editor.api';
import { neighbourAfterDelete, withoutProduct, withProduct } from '../editor-state';
import { dialogAtom, productsAtom } from '../product.atoms';
import type { EditorContext } from './editor-context';
import type { SavePath } from './save-path';

/** The Products column's tools: add, edit, delete (docs/requirements/test-editor.md#saving). */
export function productActions(ctx: EditorContext, saves: SavePath) {
  const { set, products, needProduct } = ctx;
  return {
    openAddProduct: () => saves.run(() => set(dialogAtom, { kind: 'product' })),
    openEditProduct: () =>
      saves.run(() => {
        const product = needProduct();
        if (product) set(dialogAtom, { kind: 'product', product });
      }),
    saveProduct: (body: ProductBody, id: number | undefined) =>
      saves.run(async () => {
        const saved =
          id === undefined ? await editorApi.addProduct(body) : await editorApi.editProduct(id, body);
        set(productsAtom, withProduct(products(), saved));
        set(dialogAtom, undefined);
        if (id === undefined) ctx.selectProductOf(saved);
      }),
    askDeleteProduct: () =>
      saves.run(() => {
        const product = needProduct();
        if (product) set(dialogAtom, { kind: 'deleteProduct', product });
      }),
    deleteProduct: (product: EditorProduct) =>
      saves.run(async () => {
        await editorApi.deleteProduct(product.id);
        const next = neighbourAfterDelete(
          products().map((p) => p.id),
          product.id,
        );
        set(productsAtom, withoutProduct(products(), product.id));
        set(dialogAtom, undefined);
        ctx.selectProductOf(products().find((p) => p.id === next));
      }),
  };
}
