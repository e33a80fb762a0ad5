import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { CALIBRATION_DUE_DAYS } from '@sweepline/domain';
import { InstrumentsTable } from './InstrumentsTable';
import { useInstruments } from './useInstruments';
import { SCREEN_TITLES } from '../../app/screen-titles';

/**
 * Instruments (/instruments, issue 40, docs/web.md "Instruments"): every instrument a run of the
 * account named, with its calibration state today; a row opens its certificates.
 */
export function InstrumentsPage() {
  const { data: rows, error, loading, reload } = useInstruments();
  return (
    <Stack gap="md">
      <Title order={1}>{SCREEN_TITLES.instruments}</Title>
      <Text size="sm" c="dimmed" maw={720}>
        The analyzers your stations measured with, registered at their first run. An instrument is due within{' '}
        {CALIBRATION_DUE_DAYS} days of its certificate&apos;s due date; once overdue, the runner will not
        measure with it until its new certificate is recorded here (unless a manager allows it in Settings).
      </Text>
      {error && (
        <Alert color="red" title="The instruments could not be read" role="alert">
          {error}
          <Button size="xs" variant="light" color="red" ml="sm" onClick={reload}>
            Try again
          </Button>
        </Alert>
      )}
      {rows === undefined && loading && (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      )}
      {rows?.length === 0 && (
        <Text>
          No instruments yet: an instrument appears here after the first run a station uploads with it.
        </Text>
      )}
      {rows !== undefined && rows.length > 0 && <InstrumentsTable rows={rows} />}
    </Stack>
  );
}
