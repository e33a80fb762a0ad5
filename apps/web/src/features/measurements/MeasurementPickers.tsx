import { Select } from '@mantine/core';
import { ReportPickerBar } from '../reports/ReportPickerBar';
import { ALL_TESTS, type MeasurementPickers as Pickers } from './useMeasurementPickers';

/** Product, test, step (capability and control chart), dates, Apply and Export CSV. */
export function MeasurementPickers({
  pickers,
  allTests,
  withStep,
  onExport,
}: {
  pickers: Pickers;
  allTests: boolean;
  withStep: boolean;
  /** Export CSV of what is shown; undefined while nothing is. */
  onExport: (() => void) | undefined;
}) {
  const { product } = pickers;
  const tests = [
    ...(allTests ? [{ value: String(ALL_TESTS), label: 'All tests' }] : []),
    ...(product?.seqs ?? []).map((s) => ({ value: String(s.id), label: s.name })),
  ];
  return (
    <ReportPickerBar picks={pickers} productWidth={200} onExport={onExport}>
      <Select
        label="Test"
        data={tests}
        value={pickers.seqId === null ? null : String(pickers.seqId)}
        onChange={(v) => pickers.pickSeq(v === null ? null : Number(v))}
        allowDeselect={false}
        searchable
        w={200}
      />
      {withStep && (
        <Select
          label="Step"
          data={(pickers.steps ?? []).map((s) => ({
            value: s.title,
            label: s.unit ? `${s.title} (${s.unit})` : s.title,
          }))}
          value={pickers.step}
          onChange={(v) => pickers.setStep(v)}
          allowDeselect={false}
          searchable
          placeholder={pickers.steps?.length === 0 ? 'No measured steps in the range' : undefined}
          w={300}
        />
      )}
    </ReportPickerBar>
  );
}
