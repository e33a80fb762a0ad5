import { ALL_PRODUCTS, dayRange, defaultReportRange, type ProductListItem } from '@sweepline/domain';
import { browserToday, browserZoneOffset, type DayRangeValue, type ReportPoint } from '@sweepline/ui';
import { useEffect, useState } from 'react';
import type { ReportKind } from './report-kinds';
import { reportLabel } from './report-label';
import { reportsApi } from './reports.api';

/** Spec 2 section 3: the synthetic All product of the tested-units picker. */
export const ALL_PRODUCT: ProductListItem = { id: ALL_PRODUCTS, name: 'All', model: '', info: '', seqs: [] };

/** What the chart shows: the answer of the last Apply, with the label of what was asked. */
export interface ShownReport {
  label: string;
  points: ReportPoint[];
}

const firstSeqId = (product: ProductListItem | undefined) => product?.seqs[0]?.id ?? null;

/**
 * The state and rules of a report screen (spec 2 sections 2, 4 and 5):
 * - the tested units offer All first and start on it; the rates are of a test, so their picker
 *   lists the products only and starts on the first, with its first test;
 * - changing the product selects its first test, or none;
 * - Apply needs a whole range, and for the rates a test id above 0;
 * - the chart loads once when the product list arrives (the rates only with a product and a test).
 */
export function useReportScreen(kind: ReportKind, onError: (error: unknown) => void) {
  const [today] = useState(browserToday);
  const [products, setProducts] = useState<ProductListItem[]>();
  const [productId, setProductId] = useState<number | null>(null);
  const [seqId, setSeqId] = useState<number | null>(null);
  const [range, setRange] = useState<DayRangeValue>(() => defaultReportRange(today));
  const [shown, setShown] = useState<ShownReport>();

  const product = products?.find((p) => p.id === productId);
  const seq = product?.seqs.find((s) => s.id === seqId);
  const rangeComplete = range[0] !== null && range[1] !== null;
  const canApply = rangeComplete && (kind.perTest ? seqId !== null && seqId > 0 : product !== undefined);

  const load = async (picked: ProductListItem, pickedSeqId: number | null, days: [string, string]) => {
    const pickedSeq = picked.seqs.find((s) => s.id === pickedSeqId);
    const names = kind.perTest ? [picked.name, pickedSeq?.name ?? ''] : [picked.name];
    const zoneOffset = browserZoneOffset();
    try {
      const points = await kind.load(
        { productId: picked.id, seqId: pickedSeqId ?? 0 },
        { ...dayRange(days[0], days[1], zoneOffset), zone_offset: zoneOffset },
      );
      setShown({ label: reportLabel(kind.title, names, days[0], days[1]), points });
    } catch (error) {
      onError(error);
    }
  };

  useEffect(() => {
    reportsApi.productList().then((list) => {
      const offered = kind.perTest ? list : [ALL_PRODUCT, ...list];
      setProducts(offered);
      const first = offered[0];
      const firstSeq = firstSeqId(first);
      setProductId(first?.id ?? null);
      setSeqId(firstSeq);
      if (first && (!kind.perTest || firstSeq !== null))
        void load(first, firstSeq, defaultReportRange(today));
    }, onError);
    // the list is read each time the screen opens
  }, []);

  return {
    today,
    products,
    product,
    seq,
    range,
    setRange,
    shown,
    canApply,
    pickProduct(id: number | null) {
      setProductId(id);
      setSeqId(firstSeqId(products?.find((p) => p.id === id)));
    },
    pickSeq: setSeqId,
    apply() {
      if (!canApply || !product) return;
      void load(product, seqId, [range[0]!, range[1]!]);
    },
  };
}
