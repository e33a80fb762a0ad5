import type { ProductListItem } from '@sweepline/domain';
import { browserToday, type DayRangeValue } from '@sweepline/ui';
import { useState } from 'react';
import { useTakeAnswer } from '../../app/useTakeAnswer';
import type { AppliedPick } from './applied-pick';
import { useProductList } from '../reports/useProductList';
import { useMeasuredSteps } from './useMeasurementData';
import { openingRange, rangeQuery } from './opening-pick';

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
  const [range, setRange] = useState<DayRangeValue>(() => openingRange(today));
  const [step, setStep] = useState<string | null>(null);
  const [applied, setApplied] = useState<AppliedPick>();
  const [autoApply, setAutoApply] = useState(true);

  const product = products?.find((p) => p.id === productId);
  const firstSeq = (p: ProductListItem | undefined) =>
    options.allTests ? (p ? ALL_TESTS : null) : (p?.seqs[0]?.id ?? null);
  const days: [string, string] | null = range[0] && range[1] ? [range[0], range[1]] : null;
  /** The pick these choices make, if they make one: a step screen needs a step. */
  const pickOf = (p: ProductListItem | undefined, seq: number | null, stepTitle: string | null) => {
    if (!p || seq === null || !days || (options.withStep && stepTitle === null)) return undefined;
    const seqName = seq === ALL_TESTS ? 'All tests' : (p.seqs.find((s) => s.id === seq)?.name ?? '');
    return { product: p, seqId: seq, seqName, step: stepTitle ?? '', days, query: rangeQuery(days) };
  };
  const canApply = pickOf(product, seqId, step) !== undefined;
  const apply = () => {
    const pick = pickOf(product, seqId, step);
    if (pick) setApplied(pick);
  };
  /**
   * The first pick is shown without an Apply, as the daily reports do: in the same transition as
   * the answer that completes it, so the screen's call starts a render sooner.
   */
  const applyFirst = (pick: AppliedPick | undefined) => {
    if (!autoApply || !pick) return;
    setAutoApply(false);
    setApplied(pick);
  };

  useTakeAnswer(products, (answer) => {
    const first = answer[0];
    const seq = firstSeq(first);
    setProductId(first?.id ?? null);
    setSeqId(seq);
    if (!options.withStep) applyFirst(pickOf(first, seq, null));
  });

  // the step picker lists the steps measured in the chosen range, and keeps the step picked
  const stepsAsked = options.withStep && seqId !== null && seqId !== ALL_TESTS && days !== null;
  const measured = useMeasuredSteps(
    stepsAsked ? seqId : null,
    stepsAsked ? rangeQuery(days) : undefined,
    onError,
  );
  const steps = stepsAsked && !measured.loading ? measured.data : undefined;
  useTakeAnswer(steps, (answer) => {
    const kept = step !== null && answer.some((s) => s.title === step);
    const picked = kept ? step : (answer[0]?.title ?? null);
    setStep(picked);
    applyFirst(pickOf(product, seqId, picked));
  });

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
