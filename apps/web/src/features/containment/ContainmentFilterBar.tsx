import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { STATION_LIMITS, type InstrumentRow } from '@sweepline/domain';
import { DateRangePresetPicker, type DayRangeValue } from '@sweepline/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { hasCriterion, type ContainmentFilters } from './containment-filters';
import { calibrationOption, instrumentOption } from './containment-texts';
import { useInstrument } from '../instruments/useInstruments';

const idOf = (value: string | null) => (value === null ? undefined : Number(value));
// a text is typed as it is (a space inside a name stays) and trimmed when searched
const textOf = (value: string | undefined) => value?.trim() || undefined;

/**
 * Containment's search: instrument, one of its calibrations, station, operator and days. The
 * fields are a draft until Search, which puts them in the URL; a search without a criterion is
 * not made, `onMissingCriterion` says why.
 */
export function ContainmentFilterBar({
  filters,
  instruments,
  today,
  onSearch,
  onMissingCriterion,
}: {
  filters: ContainmentFilters;
  instruments: InstrumentRow[];
  today: string;
  onSearch: (filters: ContainmentFilters) => void;
  onMissingCriterion: (missing: boolean) => void;
}) {
  const [draft, setDraft] = useState(filters);
  const [range, setRange] = useState<DayRangeValue>([filters.from, filters.to]);
  useEffect(() => {
    setDraft(filters);
    setRange([filters.from, filters.to]);
  }, [JSON.stringify(filters)]);
  // the chosen instrument's latest calibrations (the last answer stays while the next instrument's
  // loads: only its own are offered); a refusal leaves the picker empty, the search still works
  const calibrations = (useInstrument(draft.instrumentId).data?.calibrations ?? []).filter(
    (c) => c.instrumentId === draft.instrumentId,
  );

  const change = (next: Partial<ContainmentFilters>) => {
    setDraft((now) => ({ ...now, ...next }));
    onMissingCriterion(false);
  };
  const calibrationOptions = calibrations.map((c) => ({ value: String(c.id), label: calibrationOption(c) }));
  // a calibration the link names but the instrument's latest ones do not (or no instrument chosen)
  if (draft.calibrationId !== undefined && !calibrations.some((c) => c.id === draft.calibrationId))
    calibrationOptions.unshift({ value: String(draft.calibrationId), label: `#${draft.calibrationId}` });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // a half-picked range is the one day picked
    const [from, to] = [range[0] ?? draft.from, range[1] ?? range[0] ?? draft.to];
    const next = { ...draft, station: textOf(draft.station), operator: textOf(draft.operator), from, to };
    if (hasCriterion(next)) onSearch(next);
    else onMissingCriterion(true);
  };

  return (
    // what measured on one line, when on the next: a calibration's name is long
    <form onSubmit={submit} role="search" aria-label="Containment search">
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Instrument"
            placeholder="Any instrument"
            data={instruments.map((i) => ({ value: String(i.id), label: instrumentOption(i) }))}
            value={draft.instrumentId === undefined ? null : String(draft.instrumentId)}
            onChange={(value) => change({ instrumentId: idOf(value), calibrationId: undefined })}
            nothingFoundMessage="No instrument has measured yet"
            clearable
            searchable
            w={{ base: '100%', sm: 260 }}
          />
          <Select
            label="Calibration"
            placeholder={draft.instrumentId === undefined ? 'Pick an instrument first' : 'Any calibration'}
            data={calibrationOptions}
            value={draft.calibrationId === undefined ? null : String(draft.calibrationId)}
            onChange={(value) => change({ calibrationId: idOf(value) })}
            disabled={calibrationOptions.length === 0}
            clearable
            w={{ base: '100%', sm: 440 }}
          />
          <TextInput
            label="Station"
            placeholder="Any station"
            value={draft.station ?? ''}
            onChange={(event) => change({ station: event.currentTarget.value })}
            maxLength={STATION_LIMITS.nameLength}
            w={{ base: '100%', sm: 160 }}
          />
          <TextInput
            label="Operator"
            placeholder="Any operator"
            value={draft.operator ?? ''}
            onChange={(event) => change({ operator: event.currentTarget.value })}
            maxLength={STATION_LIMITS.operatorLength}
            w={{ base: '100%', sm: 160 }}
          />
        </Group>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DateRangePresetPicker label="Dates" value={range} onChange={setRange} today={today} />
          <Button type="submit">Search</Button>
        </Group>
      </Stack>
    </form>
  );
}
