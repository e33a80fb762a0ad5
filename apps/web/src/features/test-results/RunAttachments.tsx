import { Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AttachmentInfo, RunReport, TraceData } from '@sweepline/domain';
import { TraceChart } from '@sweepline/ui';
import { numericLimit } from './result-format';

export interface Screenshot {
  info: AttachmentInfo;
  url: string;
}

/**
 * Beyond spec 2: the run's stored traces with the step's limit lines, and its instrument
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
  if (traces.length === 0 && screenshots.length === 0) return null;
  const titleOf = (stepIndex: number) => run.steps[stepIndex]?.title ?? `Step ${stepIndex + 1}`;
  return (
    <Stack gap="md">
      {traces.length > 0 && (
        <section aria-label="Traces">
          <Title order={3} mb="xs">
            Traces
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {traces.map((trace) => {
              const step = run.steps[trace.stepIndex];
              return (
                <TraceChart
                  key={trace.stepIndex}
                  plot={{
                    title: titleOf(trace.stepIndex),
                    unit: step?.unit ?? '',
                    freqs_MHz: trace.freqs_MHz,
                    values: trace.values,
                    lower: numericLimit(step?.lower ?? null),
                    upper: numericLimit(step?.upper ?? null),
                  }}
                />
              );
            })}
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
