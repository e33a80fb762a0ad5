import { dayRange, rangePresets, type ProductListItem } from '@sweepline/domain';
import { browserToday, browserZoneOffset, type DayRangeValue } from '@sweepline/ui';
import { startTransition, useEffect, useState } from 'react';
import { useTakeAnswer } from '../../app/useTakeAnswer';
import type { ReportQuery } from '../reports/reports.api';
import type { AppliedPick } from './applied-pick';
import { useProductList } from '../reports/useProductList';
import { useMeasuredSteps } from './useMeasurementData';

/** The Failure Pareto's test picker offers every test of the product first. */
export const ALL_TESTS = -1;

/**
 * The pickers of the Measurements screens (docs/web.md, "Measurements"): the daily reports'
 * product, test and date range (with the same presets), plus a step picker listing the test's
 * measured steps in the range. They open on "Last Month" (a capability needs more than a day of
 * runs), the first product, its first test and step, and show that at once.
 */
export function useMeasurementPickers(
  options: { withStep: boolean; allTests: boolean },
  onError: (message: string) => void,
) {
  const [today] = useState(browserToday);
  const products = useProductList(onError);
  const [productId, setProductId] = useState<number | null>(null);
  const [seqId, setSeqId] = useState<number | null>(null);
  const [range, setRange] = useState<DayRangeValue>(() => rangePresets(today)[3]!.range);
  const [step, setStep] = useState<string | null>(null);
  const [applied, setApplied] = useState<AppliedPick>();
  const [autoApply, setAutoApply] = useState(true);

  const product = products?.find((p) => p.id === productId);
  const firstSeq = (p: ProductListItem | undefined) =>
    options.allTests ? (p ? ALL_TESTS : null) : (p?.seqs[0]?.id ?? null);
  const days: [string, string] | null = range[0] && range[1] ? [range[0], range[1]] : null;
  const queryOf = (d: [string, string]): ReportQuery => {
    const zone = browserZoneOffset();
    return { ...dayRange(d[0], d[1], zone), zone_offset: zone };
  };
  const canApply =
    product !== undefined && seqId !== null && days !== null && (!options.withStep || step !== null);

  const apply = () => {
    if (!canApply || !product || !days) return;
    const seqName =
      seqId === ALL_TESTS ? 'All tests' : (product.seqs.find((s) => s.id === seqId)?.name ?? '');
    setApplied({ product, seqId: seqId!, seqName, step: step ?? '', days, query: queryOf(days) });
  };

  useTakeAnswer(products, (answer) => {
    setProductId(answer[0]?.id ?? null);
    setSeqId(firstSeq(answer[0]));
  });

  // the step picker lists the steps measured in the chosen range, and keeps the step picked
  const stepsAsked = options.withStep && seqId !== null && seqId !== ALL_TESTS && days !== null;
  const measured = useMeasuredSteps(
    stepsAsked ? seqId : null,
    stepsAsked ? queryOf(days) : undefined,
    onError,
  );
  const steps = stepsAsked && !measured.loading ? measured.data : undefined;
  useTakeAnswer(steps, (answer) =>
    setStep((current) =>
      current !== null && answer.some((s) => s.title === current) ? current : (answer[0]?.title ?? null),
    ),
  );

  // the first answer is shown without an Apply, as the daily reports do
  useEffect(() => {
    if (autoApply && canApply && (!options.withStep || steps !== undefined)) {
      startTransition(() => {
        setAutoApply(false);
        apply();
      });
    }
  }, [autoApply, canApply, steps]);

  return {
    today,
    products,
    product,
    seqId,
    range,
    setRange,
    steps,
    step,
    setStep,
    canApply,
    apply,
    applied,
    pickProduct(id: number | null) {
      setProductId(id);
      setSeqId(firstSeq(products?.find((p) => p.id === id)));
    },
    pickSeq: setSeqId,
  };
}

export type MeasurementPickers = ReturnType<typeof useMeasurementPickers>;
