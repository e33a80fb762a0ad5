import { Alert, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { StationCard } from './StationCard';
import {
  stationProductsAtom,
  stationsAtom,
  stationsClockOffsetAtom,
  stationsProductAtom,
  stationsShownAtom,
  stationsStreamAtom,
} from './stations.atoms';
import { useNow } from './useNow';
import { useStationStream } from './useStationStream';
import { SCREEN_TITLES } from '../../app/screen-titles';

const ALL = '';
/** "Connected again" shows this long after a lost connection came back. */
const BACK_MS = 5_000;

/** Says when the live connection drops, and for a moment that it came back. */
function ConnectionNotice() {
  const stream = useAtomValue(stationsStreamAtom);
  const wasLost = useRef(false);
  const [back, setBack] = useState(false);
  useEffect(() => {
    if (stream === 'lost') wasLost.current = true;
    if (stream !== 'live' || !wasLost.current) return;
    wasLost.current = false;
    setBack(true);
    const timer = setTimeout(() => setBack(false), BACK_MS);
    return () => clearTimeout(timer);
  }, [stream]);
  if (stream === 'lost')
    return (
      <Alert color="red" role="alert" title="Connection lost">
        The board is not up to date: reconnecting…
      </Alert>
    );
  if (back)
    return (
      <Alert color="green" role="status" title="Connected again">
        The board is live again.
      </Alert>
    );
  return null;
}

/**
 * The cards, a component of their own (issue 43): the clock ticks here, so each second draws the
 * cards (their time in state) and not the title and the product filter; a station's event draws
 * its own card (`StationCard` is memoized), not every card of the board.
 */
function StationBoard() {
  const shown = useAtomValue(stationsShownAtom);
  const offset = useAtomValue(stationsClockOffsetAtom);
  const now = useNow() + offset;
  return (
    <section aria-label="Stations">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {shown.map((s) => (
          <StationCard key={s.station} station={s} now={now} />
        ))}
      </SimpleGrid>
    </section>
  );
}

/**
 * Stations (/stations, issue 25, docs/web.md): every lab PC of the account as it works, one card
 * each, sorted by name and filterable by product, updated live through the event stream.
 */
export function StationsPage() {
  useStationStream();
  const hasStations = useAtomValue(stationsAtom).size > 0;
  const products = useAtomValue(stationProductsAtom);
  const [product, setProduct] = useAtom(stationsProductAtom);
  const stream = useAtomValue(stationsStreamAtom);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{SCREEN_TITLES.stations}</Title>
        <Select
          label="Product"
          w={240}
          data={[{ value: ALL, label: 'All products' }, ...products.map((p) => ({ value: p, label: p }))]}
          value={product}
          onChange={(value) => setProduct(value ?? ALL)}
          allowDeselect={false}
        />
      </Group>
      <ConnectionNotice />
      {stream === 'connecting' && !hasStations ? (
        <Text c="dimmed">Connecting…</Text>
      ) : !hasStations ? (
        <Text c="dimmed">
          No station has reported yet. A lab PC shows up here as soon as sweepline run starts on it.
        </Text>
      ) : (
        <StationBoard />
      )}
    </Stack>
  );
}
