import { describeDrift } from '../drift';
import { driftDevices } from '../drift-devices';
import type { DeviceSpec, SimConfig } from '../sim-config';
import { act } from '../scpi/command-table';
import type { ScpiServer } from '../scpi/scpi-server';
import { demoUnit, type DemoUnit } from './demo-units';
import { unitSeed } from './draws';

/**
 * `:SIMulate:DUT "<product>","<serial number>"[,<action id>]`: the runner says which unit is
 * connected, and which step it measures next (the step decides which of a coupler's ports the
 * operator connects). A unit of a demo product (and `demoUnits` on) is measured from its own draw;
 * any other unit from the configured devices. Either way the noise restarts from the unit's seed,
 * so the same serial number measures the same again. `:SIM:DUT?` answers
 * `"<product>","<serial>","<condition>"` (condition `good`, the unit's fault, or `configured
 * devices`), for trainers and tests.
 *
 * With the config's `drift` (drift.ts), a unit is measured with the drifting parameter moved by
 * one step for each unit this simulator was given before it; a retest keeps the unit's place, so
 * it still measures the same again.
 */
export interface ConnectedUnit {
  readonly product: string;
  readonly serial: string;
  readonly demo: DemoUnit | undefined;
  /** Seeds the simulator's noise for this unit. */
  readonly seed: number;
  /** How many other units this simulator was given before this one (0: the first). */
  readonly place: number;
}

export interface UnitTarget {
  /** Called for each step announced (and for a new unit): measure these from now on. */
  connect(unit: ConnectedUnit, devices: readonly DeviceSpec[], actionId: number | undefined): void;
  /** A line for the simulator's log when a new unit is connected. */
  readonly onUnit?: (line: string) => void;
  /** False when the target measures no devices (the PIM analyzer): the config's drift is not applied, nor logged. */
  readonly drifts?: boolean;
}

const NO_UNIT = '"","",""';

export function conditionOf(unit: ConnectedUnit): string {
  return unit.demo ? unit.demo.condition : 'configured devices';
}

export function installUnitRoutes(server: ScpiServer, config: SimConfig, target: UnitTarget): void {
  let current: ConnectedUnit | undefined;
  // each unit's place in the order the runner first connected it, for the drift
  const places = new Map<string, number>();
  const drift = target.drifts === false ? undefined : config.drift;
  server.table.setting(
    'SIMulate:DUT',
    act(({ args }) => {
      args.expect(2, 3);
      // a quote inside a SCPI string is doubled
      const product = args.string(0).replace(/""/g, '"');
      const serial = args.string(1).replace(/""/g, '"');
      const actionId = args.count === 3 ? args.integer(2, 0, 1000) : undefined;
      if (current?.product !== product || current.serial !== serial) {
        const key = JSON.stringify([product, serial]);
        const place = places.get(key) ?? places.size;
        places.set(key, place);
        current = {
          product,
          serial,
          demo: config.demoUnits ? demoUnit(product, serial, config.seed) : undefined,
          seed: unitSeed(product, serial, config.seed),
          place,
        };
        const drifted = drift ? `; ${describeDrift(drift, place)}` : '';
        target.onUnit?.(`${product} ${serial} connected (${conditionOf(current)}${drifted})`);
      }
      const devices = current.demo?.devicesFor(actionId) ?? config.devices;
      target.connect(current, driftDevices(devices, drift, current.place), actionId);
    }),
    () =>
      current
        ? [current.product, current.serial, conditionOf(current)].map((t) => `"${t}"`).join(',')
        : NO_UNIT,
    { housekeeping: true },
  );
}
