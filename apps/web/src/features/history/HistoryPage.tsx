import '@mantine/dates/styles.css';
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { browserToday } from '@sweepline/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useProductList } from '../reports/useProductList';
import { HistoryFilterBar } from './HistoryFilterBar';
import { filtersFromParams, paramsOfFilters, type HistoryFilters } from './history-filters';
import { HistoryTable } from './HistoryTable';
import { useHistoryCsv } from './useHistoryCsv';
import { useHistoryRows } from './useHistoryRows';
import { useHistoryUsers } from './useHistoryUsers';
import { SCREEN_TITLES } from '../../app/screen-titles';

/**
 * History (/history, managers; docs/web.md "History", docs/audit.md): the account's audit trail,
 * newest first, filtered by product, test, user and days as the URL says, a page at a time, and
 * its CSV.
 */
export function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const [today] = useState(browserToday);
  const [listError, setListError] = useState<string>();
  const products = useProductList(setListError);
  const history = useHistoryRows(filters);
  const users = useHistoryUsers(history.rows);
  const csv = useHistoryCsv(filters);

  const filter = (next: HistoryFilters) => setParams(paramsOfFilters(next));
  // the products list feeds the filters only: the rows still show without it
  const otherError = csv.error ?? listError;

  return (
    <Stack gap="md">
      <Title order={1}>{SCREEN_TITLES.history}</Title>
      <Text size="sm" c="dimmed" maw={720}>
        Every change to the account&apos;s products, tests, releases, serial numbers&apos; stages, users and
        settings: who made it, when, and what each field was before and after.
      </Text>
      <HistoryFilterBar
        filters={filters}
        onChange={filter}
        products={products ?? []}
        users={users}
        today={today}
        exporting={csv.exporting}
        onExport={() => void csv.download()}
      />
      {history.error && (
        <Alert color="red" title="History could not be read" role="alert">
          {history.error}
          <Button size="xs" variant="light" color="red" ml="sm" onClick={history.reload}>
            Try again
          </Button>
        </Alert>
      )}
      {otherError && (
        <Alert color="red" role="alert">
          {otherError}
        </Alert>
      )}
      {history.rows === undefined && history.loading && (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      )}
      {history.rows?.length === 0 && <Text>No changes match these filters.</Text>}
      {history.rows !== undefined && history.rows.length > 0 && (
        <>
          <HistoryTable rows={history.rows} />
          {history.hasMore && (
            <Button
              variant="default"
              w="fit-content"
              loading={history.loadingMore}
              onClick={() => void history.loadMore()}
            >
              Load more
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
