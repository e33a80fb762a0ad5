import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { SpcAlarm } from '@sweepline/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useProductList } from '../reports/useProductList';
import { AcknowledgeDialog } from './AcknowledgeDialog';
import { alarmFiltersOf, paramsOfAlarmFilters, type AlarmFilters } from './alarm-filters';
import { AlarmFilterBar } from './AlarmFilterBar';
import { AlarmsTable } from './AlarmsTable';
import { useAlarms } from './useAlarms';
import { SCREEN_TITLES } from '../../app/screen-titles';

/**
 * SPC Alarms (/report/alarms, issue 41; docs/web.md "SPC alarms"): the account's alarms newest
 * first, filtered by product, test and state as the URL says, a page at a time, each
 * acknowledged with a note.
 */
export function AlarmsScreen() {
  const [params, setParams] = useSearchParams();
  const filters = alarmFiltersOf(params);
  const [listError, setListError] = useState<string>();
  const products = useProductList(setListError);
  const list = useAlarms(filters);
  // while other filters' first page loads, the rows at hand are the old filters': the loader
  // stands in for them, so neither a row nor Load more is taken for the new filters'
  const alarms = list.loading ? undefined : list.alarms;
  const [acknowledging, setAcknowledging] = useState<SpcAlarm>();

  const filter = (next: AlarmFilters) => setParams(paramsOfAlarmFilters(next));
  const productName = (id: number) => products?.find((p) => p.id === id)?.name ?? `Product ${id}`;

  return (
    <Stack gap="md">
      <Title order={1}>{SCREEN_TITLES.alarms}</Title>
      <Text size="sm" c="dimmed" maw={760}>
        A step with frozen control limits opens an alarm at its first value that breaks a Western Electric
        rule; later violations join it until someone acknowledges it with a note of what was found and done.
      </Text>
      <AlarmFilterBar filters={filters} onChange={filter} products={products ?? []} />
      {list.error && (
        <Alert color="red" title="The alarms could not be read" role="alert">
          {list.error}
          <Button size="xs" variant="light" color="red" ml="sm" onClick={list.reload}>
            Try again
          </Button>
        </Alert>
      )}
      {listError && (
        <Alert color="red" role="alert">
          {listError}
        </Alert>
      )}
      {list.loading && (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      )}
      {alarms?.length === 0 && (
        <Text>
          No alarms match these filters. Alarms come from steps whose limits are frozen on the Control Chart.
        </Text>
      )}
      {alarms !== undefined && alarms.length > 0 && (
        <>
          <AlarmsTable alarms={alarms} productName={productName} onAcknowledge={setAcknowledging} />
          {list.hasMore && (
            <Button
              variant="default"
              w="fit-content"
              loading={list.loadingMore}
              onClick={() => void list.loadMore()}
            >
              Load more
            </Button>
          )}
        </>
      )}
      {acknowledging && (
        <AcknowledgeDialog
          alarm={acknowledging}
          onAcknowledge={(note) => list.acknowledge(acknowledging.id, note)}
          onClose={() => setAcknowledging(undefined)}
        />
      )}
    </Stack>
  );
}
