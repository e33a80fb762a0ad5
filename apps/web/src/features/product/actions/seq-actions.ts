import { copyName, MSG, NO_ID, type SeqNumbersBody } from '@sweepline/domain';
import { editorApi } from '../editor.api';
import { neighbourAfterDelete, withoutSeq, withPlacedSeq, withProduct, withSeq } from '../editor-state';
import { copiedSeqAtom, dialogAtom, productAtom, productsAtom, seqIdAtom } from '../product.atoms';
import type { EditorContext } from './editor-context';
import type { SavePath } from './save-path';

/** The Tests column's tools: add, rename, process control, copy, paste, delete (docs/requirements/test-editor.md#copy-and-paste). */
export function seqActions(ctx: EditorContext, saves: SavePath) {
  const { get, set, products, info, needProduct, needSeq } = ctx;
  return {
    openAddSeq: () =>
      saves.run(() => {
        if (needProduct()) set(dialogAtom, { kind: 'seqName' });
      }),
    openRenameSeq: () =>
      saves.run(() => {
        const seq = needSeq();
        if (seq) set(dialogAtom, { kind: 'seqName', seq });
      }),
    saveSeqName: (name: string, seqId: number | undefined) =>
      saves.run(async () => {
        const product = get(productAtom);
        if (!product) return;
        if (seqId === undefined) {
          const added = await editorApi.addSeq({
            product_id: product.id,
            name,
            current_seq_id: get(seqIdAtom) ?? NO_ID,
          });
          set(productsAtom, withPlacedSeq(products(), product.id, added));
          ctx.selectSeqOf(added);
        } else {
          set(productsAtom, withSeq(products(), product.id, await editorApi.renameSeq(seqId, name)));
        }
        set(dialogAtom, undefined);
      }),
    openProcessControl: () =>
      saves.run(() => {
        const product = needProduct();
        if (product) set(dialogAtom, { kind: 'processControl', product });
      }),
    saveProcessControl: (rows: SeqNumbersBody[]) =>
      saves.run(async () => {
        const product = get(productAtom);
        if (!product) return;
        set(productsAtom, withProduct(products(), await editorApi.processControl(product.id, rows)));
        set(dialogAtom, undefined);
      }),
    copySeq: () =>
      saves.run(() => {
        const seq = needSeq();
        if (!seq) return;
        set(copiedSeqAtom, { id: seq.id, name: seq.name });
        info(MSG.copying(seq.name));
      }),
    pasteSeq: () =>
      saves.run(async () => {
        const copied = get(copiedSeqAtom);
        if (!copied) return info(MSG.copyTestFirst);
        const product = needProduct();
        if (!product) return;
        const pasted = await editorApi.copySeq({
          from_seq_id: copied.id,
          to_product_id: product.id,
          current_seq_id: get(seqIdAtom) ?? NO_ID,
          // the spec's payload names the copy; the server keeps this rule too, and makes the
          // name anew if another paste took it meanwhile
          new_seq_name: copyName(
            copied.name,
            product.seqs.map((s) => s.name),
          ),
        });
        set(productsAtom, withPlacedSeq(products(), product.id, pasted));
        ctx.selectSeqOf(pasted);
      }),
    // no confirmation, as for steps: the spec confirms the deletes of products and alignments
    // only, and a deleted test comes back by adding a test of its name (docs/api/editor.md)
    deleteSeq: () =>
      saves.run(async () => {
        const product = get(productAtom);
        const seq = needSeq();
        if (!product || !seq) return;
        await editorApi.deleteSeq(seq.id);
        const next = neighbourAfterDelete(
          product.seqs.map((s) => s.id),
          seq.id,
        );
        set(productsAtom, withoutSeq(products(), product.id, seq.id));
        ctx.selectSeqOf(get(productAtom)?.seqs.find((s) => s.id === next));
      }),
  };
}
