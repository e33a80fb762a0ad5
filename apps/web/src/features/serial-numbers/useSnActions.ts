import { MSG, TIMES_MS, type SnStageHistory } from '@sweepline/domain';
import { notifyError, notifyInfo } from '@sweepline/ui';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { reportFailure } from '../../app/api-client';
import { invalidateServerData } from '../../app/server-data-reloads';
import { serialNumbersApi } from './serial-numbers.api';
import {
  snDialogAtom,
  snProductAtom,
  snProductsAtom,
  snScrollToAtom,
  snSelectionAtom,
  snShownAtom,
} from './serial-numbers.atoms';
import { mergeSorted, NO_SELECTION, selectedInOrder } from './sn-selection';
import { SN_UNITS } from './useSnUnits';

/**
 * The Serial Number screen's buttons (docs/requirements/serial-numbers.md#screen, docs/requirements/serial-numbers.md#add-dialog, docs/requirements/serial-numbers.md#messages): each checks what it needs
 * first and says what is missing with the spec's info message; `onError` shows a failed call's
 * message.
 */
export function useSnActions(onError: (message: string) => void) {
  const store = useStore();
  const product = useAtomValue(snProductAtom);
  const setDialog = useSetAtom(snDialogAtom);
  const setProducts = useSetAtom(snProductsAtom);
  const setSelection = useSetAtom(snSelectionAtom);
  const setScrollTo = useSetAtom(snScrollToAtom);
  const selected = () => (product ? selectedInOrder(product.snArray, store.get(snSelectionAtom)) : []);

  /** The product's serial numbers changed: the others stay as they are. */
  const replaceSns = (productId: number, snArray: string[]) =>
    setProducts((all) => all.map((p) => (p.id === productId ? { ...p, snArray } : p)));

  return {
    selected,
    open(dialog: 'add' | 'jump' | 'delete' | 'history') {
      if (!product) return notifyInfo(MSG.noProductSelected);
      if (dialog === 'add') return setDialog(dialog);
      const count = selected().length;
      if (count === 0) return notifyInfo(MSG.noSerialNumberSelected);
      if (dialog === 'jump' && product.stageArray.length === 0) return notifyInfo(MSG.noStageForProduct);
      setDialog(dialog);
    },
    /** After an add the list is sorted and the new ones are selected (docs/requirements/serial-numbers.md#screen). */
    async add(sns: string[]): Promise<boolean> {
      if (!product) return false;
      try {
        await serialNumbersApi.add(product.id, sns);
      } catch (error) {
        reportFailure(error, onError);
        return false;
      }
      const snArray = mergeSorted(product.snArray, sns);
      replaceSns(product.id, snArray);
      setSelection({ selected: new Set(sns), anchor: undefined });
      const shown = store.get(snShownAtom);
      setScrollTo(shown.findIndex((sn) => sns.includes(sn)));
      setDialog(undefined);
      return true;
    },
    async jump(stageNo: number) {
      if (!product) return;
      try {
        await serialNumbersApi.jump(product.id, selected(), stageNo);
        invalidateServerData(SN_UNITS);
        setDialog(undefined);
        notifyInfo(MSG.jumpedToStage);
      } catch (error) {
        reportFailure(error, onError);
      }
    },
    async remove() {
      if (!product) return;
      const gone = new Set(selected());
      setDialog(undefined);
      try {
        await serialNumbersApi.remove(product.id, [...gone]);
      } catch (error) {
        reportFailure(error, onError);
        return;
      }
      replaceSns(
        product.id,
        product.snArray.filter((sn) => !gone.has(sn)),
      );
      setSelection(NO_SELECTION);
    },
    /** The stage visits of a serial number (beyond the spec); undefined after a failure. */
    async history(productId: number, sn: string): Promise<SnStageHistory | undefined> {
      try {
        return await serialNumbersApi.history(productId, sn);
      } catch (error) {
        reportFailure(error, onError);
        return undefined;
      }
    },
    async copy(sn: string) {
      try {
        await navigator.clipboard.writeText(sn);
        notifyInfo(MSG.copied, TIMES_MS.copiedToast);
      } catch (error) {
        notifyError(MSG.failedToCopy(error instanceof Error ? error.message : String(error)));
      }
    },
  };
}
