import type { SnProduct } from '@sweepline/domain';
import { createAtom, createDerivedAtom } from '../../app/create-atom';
import { NO_SELECTION, searchSns, type SnSelection } from './sn-selection';

/** The account's products of GET /sn, once loaded. */
export const snProductsAtom = createAtom<SnProduct[]>('sn.products', []);

export const snProductIdAtom = createAtom<number | undefined>('sn.productId', undefined);

export const snSearchAtom = createAtom('sn.search', '');

export const snSelectionAtom = createAtom<SnSelection>('sn.selection', NO_SELECTION);

/** The row to bring into view (the first serial number added). */
export const snScrollToAtom = createAtom<number | undefined>('sn.scrollTo', undefined);

export type SnDialog = 'add' | 'jump' | 'delete' | 'history' | undefined;
export const snDialogAtom = createAtom<SnDialog>('sn.dialog', undefined);

export const snProductAtom = createDerivedAtom('sn.product', (get) =>
  get(snProductsAtom).find((p) => p.id === get(snProductIdAtom)),
);

/** The serial numbers the list shows: the product's, narrowed by the search. */
export const snShownAtom = createDerivedAtom('sn.shown', (get) =>
  searchSns(get(snProductAtom)?.snArray ?? [], get(snSearchAtom)),
);
