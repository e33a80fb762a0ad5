import { ALL_PRODUCTS, dayRange, defaultReportRange, type ProductListItem } from '@sweepline/domain';
import { browserToday, browserZoneOffset, type DayRangeValue, type ReportPoint } from '@sweepline/ui';
import { useState } from 'react';
import { useServerData } from '../../app/useServerData';
import { useTakeAnswer } from '../../app/useTakeAnswer';
import type { ReportKind } from './report-kinds';
import { reportLabel } from './report-label';
import { useProductList } from './useProductList';

/** docs/requirements/products.md#product-fields: the synthetic All product of the tested-units picker. */
export const ALL_PRODUCT: ProductListItem = { id: ALL_PRODUCTS, name: 'All', model: '', info: '', seqs: [] };

/** What the chart shows: the answer of the last Apply, with the label of what was asked. */
export interface ShownReport {
  label: string;
  points: ReportPoint[];
}

const firstSeqId = (product: ProductListItem | undefined) => product?.seqs[0]?.id ?? null;

/**
 * The state and rules of a report screen (docs/requirements/reports.md, docs/requirements/reports.md#daily-pass-rate, docs/requirements/reports.md#common-controls):
 * - the tested units offer All first and start on it; the rates are of a test, so their picker
 *   lists the products only and starts on the first, with its first test;
 * - changing the product selects its first test, or none;
 * - Apply needs a whole range, and for the rates a test id above 0;
 * - the chart loads once when the product list arrives (the rates only with a product and a test).
 */
export function useReportScreen(kind: ReportKind, onError: (message: string) => void) {
  const [today] = useState(browserToday);
  const listed = useProductList(onError);
  const products = listed && (kind.perTest ? listed : [ALL_PRODUCT, ...listed]);
  const [productId, setProductId] = useState<number | null>(null);
  const [seqId, setSeqId] = useState<number | null>(null);
  const [range, setRange] = useState<DayRangeValue>(() => defaultReportRange(today));
  const [applied, setApplied] = useState<AppliedReport>();
  const shown = useShownReport(kind, applied, onError);

  const product = products?.find((p) => p.id === productId);
  const seq = product?.seqs.find((s) => s.id === seqId);
  const rangeComplete = range[0] !== null && range[1] !== null;
  const canApply = rangeComplete && (kind.perTest ? seqId !== null && seqId > 0 : product !== undefined);

  // the list is read each time the screen opens, and its first pick is shown at once
  useTakeAnswer(listed, () => {
    const first = products?.[0];
    if (!first) return;
    const firstSeq = firstSeqId(first);
    setProductId(first.id);
    setSeqId(firstSeq);
    if (!kind.perTest || firstSeq !== null)
      setApplied({ product: first, seqId: firstSeq, days: defaultReportRange(today) });
  });

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
      setApplied({ product, seqId, days: [range[0]!, range[1]!] });
    },
  };
}

/** What an Apply asked for; each Apply asks again, even for the same picks. */
interface AppliedReport {
  product: ProductListItem;
  seqId: number | null;
  days: [string, string];
}

/** The chart of the last Apply; a refusal leaves the chart shown before. */
function useShownReport(
  kind: ReportKind,
  applied: AppliedReport | undefined,
  onError: (message: string) => void,
) {
  return useServerData(
    ['reports/chart', kind, applied],
    applied &&
      (async (): Promise<ShownReport> => {
        const { product, seqId, days } = applied;
        const names = kind.perTest
          ? [product.name, product.seqs.find((s) => s.id === seqId)?.name ?? '']
          : [product.name];
        const zoneOffset = browserZoneOffset();
        const points = await kind.load(
          { productId: product.id, seqId: seqId ?? 0 },
          { ...dayRange(days[0], days[1], zoneOffset), zone_offset: zoneOffset },
        );
        return { label: reportLabel(kind.title, names, days[0], days[1]), points };
      }),
    { onError, keepDataOnError: true },
  ).data;
}
