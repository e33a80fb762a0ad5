import { Alert, Loader, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { MeasurementPickers } from './MeasurementPickers';
import type { StepAnalysis } from './useStepAnalysis';

/**
 * What the one-step analysis screens (Capability, Control Chart) show above their figures: the
 * title, the pickers with Export CSV, the failures and the loading state.
 */
export function StepAnalysisFrame<T>({
  analysis,
  onExport,
  children,
}: {
  analysis: StepAnalysis<T>;
  /** Writes the CSV of the answer shown, under the label of what was asked. */
  onExport: (label: string, data: T) => void;
  children: ReactNode;
}) {
  const { title, pickers, error, report, label } = analysis;
  const data = report.data;
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <MeasurementPickers
        pickers={pickers}
        allTests={false}
        withStep
        onExport={data && label ? () => onExport(label, data) : undefined}
      />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {report.loading && <Loader aria-label="Loading" />}
      {report.error && (
        <Alert color="red" role="alert">
          {report.error}
        </Alert>
      )}
      {children}
    </Stack>
  );
}
