import { installUnitRoutes } from './demo/unit-routes';
import type { Drift } from './drift';
import type { Fault } from './faults';
import { installPimRoutes } from './pim/pim-routes';
import { installCommonCommands } from './scpi/common-commands';
import type { ReplyStyle } from './scpi/reply-style';
import { ScpiServer } from './scpi/scpi-server';
import type { SimConfig, SimFamily } from './sim-config';
import { DEFAULT_SIM_CONFIG, simIdn } from './sim-config';
import { SIMULATOR_MARK } from './sim-identities';
import { installEnaRoutes } from './vna/ena-routes';
import { installPnaRoutes } from './vna/pna-routes';
import { installVnaCommonRoutes } from './vna/vna-common-routes';
import type { VnaLimits } from './vna/vna-state';
import { VnaState } from './vna/vna-state';
import { installZnbRoutes } from './vna/znb-routes';

/**
 * A simulated instrument of one family on a loopback TCP port, speaking the SCPI subset its
 * driver uses (docs/instruments.md, "Simulator"). Point the driver, or any SCPI tool, at
 * `resource`.
 */
export interface SimulatorOptions {
  readonly family: SimFamily;
  /** TCP port; 0 (the default) takes a free one. */
  readonly port?: number;
  /** Default 127.0.0.1: a simulator is for this machine, not the network. */
  readonly host?: string;
  readonly config?: SimConfig;
  /** Keep every command received (for tests); see `commands`. */
  readonly recordCommands?: boolean;
  /** Told each unit the runner connects (`:SIM:DUT`): `BPF-600 NEW-002: good`. */
  readonly onUnit?: (line: string) => void;
}

export interface Simulator {
  readonly family: SimFamily;
  readonly resource: string;
  readonly port: number;
  readonly idn: string;
  readonly fault: Fault;
  /** The config's drift over units, if any. */
  readonly drift?: Drift;
  /** Every command received, in order, when started with `recordCommands`. */
  readonly commands: readonly string[];
  setFault(fault: Fault): void;
  /** Drops every client connection now, as an instrument that reboots does. */
  dropConnections(): void;
  close(): Promise<void>;
}

/** Ranges from the families' data sheets (E5071C, E5080B, ZNB8). */
const LIMITS: Readonly<Record<Exclude<SimFamily, 'pim'>, VnaLimits>> = {
  ena: {
    minHz: 9e3,
    maxHz: 8.5e9,
    maxPoints: 20001,
    minIfbwHz: 10,
    maxIfbwHz: 1.5e6,
    minPowerDbm: -85,
    maxPowerDbm: 10,
    maxAverages: 999,
    maxAperturePct: 25,
  },
  pna: {
    minHz: 9e3,
    maxHz: 9e9,
    maxPoints: 100003,
    minIfbwHz: 1,
    maxIfbwHz: 15e6,
    minPowerDbm: -90,
    maxPowerDbm: 20,
    maxAverages: 65536,
    maxAperturePct: 25,
  },
  znb: {
    minHz: 9e3,
    maxHz: 8.5e9,
    maxPoints: 100001,
    minIfbwHz: 1,
    maxIfbwHz: 10e6,
    minPowerDbm: -40,
    maxPowerDbm: 13,
    maxAverages: 1000,
    maxAperturePct: 100,
  },
};

const STYLE: Readonly<Record<SimFamily, ReplyStyle>> = {
  ena: 'keysight',
  pna: 'keysight',
  znb: 'rs',
  pim: 'rs',
};

export function createSimulatorServer(
  family: SimFamily,
  config: SimConfig,
  record = false,
  onUnit?: (line: string) => void,
): ScpiServer {
  const server = new ScpiServer({
    idn: `${simIdn(config, family)},${SIMULATOR_MARK}`,
    style: STYLE[family],
    timeScale: config.timeScale,
    fault: config.fault,
    record,
  });
  installCommonCommands(server);
  if (family === 'pim') {
    installPimRoutes(server, config, onUnit);
    return server;
  }
  const state = new VnaState(config, LIMITS[family], family === 'ena');
  installUnitRoutes(server, config, {
    connect: (unit, devices) => state.connectUnit(unit, devices),
    ...(onUnit ? { onUnit } : {}),
  });
  installVnaCommonRoutes(server, state);
  if (family === 'ena') installEnaRoutes(server, state);
  else if (family === 'pna') installPnaRoutes(server, state);
  else installZnbRoutes(server, state);
  return server;
}

export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const config = options.config ?? DEFAULT_SIM_CONFIG;
  const server = createSimulatorServer(options.family, config, options.recordCommands, options.onUnit);
  const port = await server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  return {
    family: options.family,
    resource: server.resource,
    port,
    idn: server.options.idn,
    get fault() {
      return server.fault;
    },
    ...(config.drift ? { drift: config.drift } : {}),
    commands: server.commands,
    setFault: (fault) => void (server.fault = fault),
    dropConnections: () => server.dropConnections(),
    close: () => server.close(),
  };
}
