import { Group, Image, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AttachmentInfo, RunReport, TraceData } from '@sweepline/domain';
import type { TracePlot } from '@sweepline/ui';
import { useMemo, useState } from 'react';
import { BAND_EDGE_OPTIONS, type BandEdges } from '../measurements/trace-band';
import { numericLimit } from './result-format';
import { TraceWithBand } from './TraceWithBand';

export interface Screenshot {
  info: AttachmentInfo;
  url: string;
}

/**
 * Beyond docs/requirements/product.md#supported-instruments: the run's stored traces with the step's limit lines, and its instrument
 * screenshots, each under the step it belongs to.
 */
export function RunAttachments({
  run,
  traces,
  screenshots,
}: {
  run: RunReport;
  traces: TraceData[];
  screenshots: Screenshot[];
}) {
  const [edges, setEdges] = useState<BandEdges>('p5-p95');
  const titleOf = (stepIndex: number) => run.steps[stepIndex]?.title ?? `Step ${stepIndex + 1}`;
  // one plot object per trace while the run stays: the charts convert and lay out their points
  // again for a new one, and this screen renders again for every call that answers
  const plots = useMemo(
    () =>
      traces.map((trace): TracePlot => {
        const step = run.steps[trace.stepIndex];
        return {
          title: titleOf(trace.stepIndex),
          unit: step?.unit ?? '',
          freqs_MHz: trace.freqs_MHz,
          values: trace.values,
          lower: numericLimit(step?.lower ?? null),
          upper: numericLimit(step?.upper ?? null),
          ...(step?.plot ? { plot: step.plot } : {}),
        };
      }),
    [run, traces],
  );
  if (traces.length === 0 && screenshots.length === 0) return null;
  return (
    <Stack gap="md">
      {traces.length > 0 && (
        <section aria-label="Traces">
          <Group justify="space-between" mb="xs">
            <Title order={3}>Traces</Title>
            <SegmentedControl
              aria-label="Band"
              size="xs"
              value={edges}
              onChange={(v) => setEdges(v as BandEdges)}
              data={BAND_EDGE_OPTIONS}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {traces.map((trace, i) => (
              <TraceWithBand key={trace.stepIndex} run={run} edges={edges} plot={plots[i]!} />
            ))}
          </SimpleGrid>
        </section>
      )}
      {screenshots.length > 0 && (
        <section aria-label="Screenshots">
          <Title order={3} mb="xs">
            Screenshots
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {screenshots.map(({ info, url }) => (
              <Stack key={info.id} gap={4}>
                <Text size="sm" fw={500}>
                  {titleOf(info.stepIndex)}: {info.fileName}
                </Text>
                <Image
                  src={url}
                  alt={`Screenshot ${info.fileName} of ${titleOf(info.stepIndex)}`}
                  radius="sm"
                />
              </Stack>
            ))}
          </SimpleGrid>
        </section>
      )}
    </Stack>
  );
}
