import {
  dayNumber,
  instrumentName,
  isValidStationText,
  ORIGIN_LIMITS,
  ORIGIN_MSG,
  STATION_LIMITS,
  STATION_MSG,
  type ContainmentQuery,
  type InstrumentRow,
} from '@sweepline/domain';
import { UsageError } from '../exit-codes';

/**
 * `sweepline trace`'s arguments (docs/cli.md, "Containment"), checked by the domain's rules as the
 * service checks them: a criterion at least, UTC days from --from to --to (both included), at
 * most ORIGIN_LIMITS.containmentDays of them.
 */
export interface TraceCriteria {
  /** The instrument's serial number, or MODEL/SERIAL when two models share it. */
  instrument?: string;
  calibration?: string;
  station?: string;
  operator?: string;
  from: string;
  to: string;
}

/** The query without the instrument, which is asked by serial number (findInstrument). */
export function traceQuery(c: TraceCriteria): Omit<ContainmentQuery, 'instrument_id'> {
  const given = [c.instrument, c.calibration, c.station, c.operator].filter((v) => v !== undefined);
  if (given.length === 0)
    throw new UsageError(`${ORIGIN_MSG.oneCriterion}: --instrument, --calibration, --station or --operator.`);
  const [first, last] = [dayNumber(c.from), dayNumber(c.to)];
  if (first === undefined) throw new UsageError(`--from '${c.from}': ${ORIGIN_MSG.day}.`);
  if (last === undefined) throw new UsageError(`--to '${c.to}': ${ORIGIN_MSG.day}.`);
  if (last < first)
    throw new UsageError(`${ORIGIN_MSG.fromAfterTo}: --from ${c.from} is after --to ${c.to}.`);
  if (last - first + 1 > ORIGIN_LIMITS.containmentDays) throw new UsageError(`${ORIGIN_MSG.rangeTooLong}.`);
  if (c.calibration !== undefined && !/^[1-9]\d{0,14}$/.test(c.calibration))
    throw new UsageError(
      `--calibration '${c.calibration}': a calibration's number, as the Instruments screen shows it.`,
    );
  if (c.station !== undefined && !isValidStationText(c.station, STATION_LIMITS.nameLength))
    throw new UsageError(`--station: ${STATION_MSG.name}`);
  if (c.operator !== undefined && !isValidStationText(c.operator, STATION_LIMITS.operatorLength))
    throw new UsageError(`--operator: ${STATION_MSG.operator}`);
  return {
    ...(c.calibration !== undefined ? { calibration_id: c.calibration } : {}),
    ...(c.station !== undefined ? { station: c.station } : {}),
    ...(c.operator !== undefined ? { operator: c.operator } : {}),
    from: c.from,
    to: c.to,
  };
}

/**
 * The account's instrument of a serial number (any letter case), or MODEL/SERIAL; a serial number
 * it does not know, or one that two models share, is refused saying so.
 */
export function findInstrument(rows: readonly InstrumentRow[], wanted: string): InstrumentRow {
  const text = wanted.trim().toLowerCase();
  const slash = text.lastIndexOf('/');
  const [model, serial] = slash < 0 ? [undefined, text] : [text.slice(0, slash), text.slice(slash + 1)];
  const found = rows.filter(
    (r) => r.serial.toLowerCase() === serial && (model === undefined || r.model.toLowerCase() === model),
  );
  if (found.length === 1) return found[0]!;
  if (found.length === 0)
    throw new UsageError(
      `No instrument of this account has the serial number '${wanted}': an instrument is known once a run names it (see the Instruments screen).`,
    );
  throw new UsageError(
    `${found.length} instruments have the serial number '${wanted}' (${found.map(instrumentName).join('; ')}): name one as MODEL/SERIAL, like ${found[0]!.model}/${found[0]!.serial}.`,
  );
}
