import '@mantine/dates/styles.css';
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { canEdit, ORIGIN_MSG } from '@sweepline/domain';
import { browserToday, notifyInfo } from '@sweepline/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { sessionUserAtom } from '../../app/session.atoms';
import { useInstruments } from '../instruments/useInstruments';
import { useProductList } from '../reports/useProductList';
import { filtersFromParams, hasCriterion, paramsOfFilters } from './containment-filters';
import { CONTAINMENT_TEXTS, countLine, noUnitsText } from './containment-texts';
import { ContainmentFilterBar } from './ContainmentFilterBar';
import { ContainmentTable } from './ContainmentTable';
import { RetestBar } from './RetestBar';
import { useContainmentCsv } from './useContainmentCsv';
import { useContainmentUnits } from './useContainmentUnits';
import { useRetest } from './useRetest';
import { SCREEN_TITLES } from '../../app/screen-titles';

/**
 * Containment (/containment, issue 40; docs/web.md "Containment"): which units an instrument, a
 * calibration, a station or an operator measured in a range of days, as the URL says, with each
 * unit's stage now; their runs as CSV; editors and managers send chosen units back for retest.
 */
export function ContainmentPage() {
  const [params, setParams] = useSearchParams();
  const [today] = useState(browserToday);
  const filters = filtersFromParams(params, today);
  const searching = hasCriterion(filters);
  const [missingCriterion, setMissingCriterion] = useState(false);
  const mayRetest = canEdit(useAtomValue(sessionUserAtom).role);
  const instruments = useInstruments();
  const units = useContainmentUnits(filters);
  const csv = useContainmentCsv(filters);
  const [listError, setListError] = useState<string>();
  // the stages units go back to: a refusal matters only to those who may send them
  const products = useProductList(setListError);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const retest = useRetest((moved, stageNo) => {
    notifyInfo(CONTAINMENT_TEXTS.sent(moved, stageNo));
    units.reload();
  });
  // new results (a new search, or the refresh after a retest): nothing chosen, nothing refused
  useEffect(() => {
    setChosen(new Set());
    retest.clearError();
  }, [units.data]);

  const answer = searching ? units.data : undefined;
  const found = answer?.units ?? [];
  const chosenUnits = found.filter((u) => chosen.has(u.snId));
  const toggle = (snId: number) =>
    setChosen((now) => {
      const next = new Set(now);
      if (!next.delete(snId)) next.add(snId);
      return next;
    });
  const toggleAll = () =>
    setChosen((now) => (now.size === found.length ? new Set() : new Set(found.map((u) => u.snId))));
  // a new search under way while the last answer stays on screen
  const reloading = units.loading && <Loader size="xs" aria-label="Loading units" />;
  const otherError = instruments.error ?? csv.error ?? (mayRetest ? listError : undefined);

  return (
    <Stack gap="md">
      <Title order={1}>{SCREEN_TITLES.containment}</Title>
      <Text size="sm" c="dimmed" maw={760}>
        {CONTAINMENT_TEXTS.intro}
      </Text>
      <ContainmentFilterBar
        filters={filters}
        instruments={instruments.data ?? []}
        today={today}
        onSearch={(next) => setParams(paramsOfFilters(next))}
        onMissingCriterion={setMissingCriterion}
      />
      {missingCriterion ? (
        <Alert color="red" role="alert">
          {ORIGIN_MSG.oneCriterion}
        </Alert>
      ) : (
        !searching && <Text role="status">{ORIGIN_MSG.oneCriterion}</Text>
      )}
      {otherError && (
        <Alert color="red" role="alert">
          {otherError}
        </Alert>
      )}
      {searching && units.error && (
        <Alert color="red" title={CONTAINMENT_TEXTS.searchFailed} role="alert">
          {units.error}
        </Alert>
      )}
      {searching && answer === undefined && units.loading && (
        <Center py="xl">
          <Loader aria-label="Loading units" />
        </Center>
      )}
      {answer?.units.length === 0 && (
        <Group gap="xs">
          <Text role="status">{noUnitsText(filters, instruments.data)}</Text>
          {reloading}
        </Group>
      )}
      {answer !== undefined && answer.units.length > 0 && (
        <>
          <Group justify="space-between" align="center">
            <Group gap="xs">
              <Text fw={600} role="status">
                {countLine(answer.units.length, answer.runCount)}
              </Text>
              {reloading}
            </Group>
            <Button variant="default" loading={csv.exporting} onClick={() => void csv.download()}>
              Download CSV
            </Button>
          </Group>
          {answer.truncated && (
            <Alert color="yellow" role="status">
              {CONTAINMENT_TEXTS.truncated}
            </Alert>
          )}
          {mayRetest && (
            <RetestBar
              chosen={chosenUnits}
              total={found.length}
              products={products}
              sending={retest.sending}
              onSend={(stageNo) =>
                void retest.send({ sn_ids: chosenUnits.map((u) => u.snId), stage_no: stageNo })
              }
            />
          )}
          {retest.error && (
            <Alert color="red" title={CONTAINMENT_TEXTS.retestFailed} role="alert">
              {retest.error}
            </Alert>
          )}
          <ContainmentTable
            units={answer.units}
            choice={mayRetest ? { chosen, toggle, toggleAll } : undefined}
          />
        </>
      )}
    </Stack>
  );
}

export default ContainmentPage;
