import { InstrumentError, quote } from '../transport/instrument-error';
import { openTransport } from '../transport/open-transport';
import { ScpiSession } from '../transport/scpi-session';
import type { TransportOptions } from '../transport/transport';
import type { VisaSearchOptions } from '../transport/visa-library';
import { EnaDriver } from './ena';
import type { FamilyId, Identity } from './identity';
import { familyOf, parseIdentity, supportedFamilies } from './identity';
import type { NaDriver } from './na-driver';
import type { NetworkAnalyzer } from './network-analyzer';
import type { PimAnalyzer } from './pim-analyzer';
import { GenericPimDriver } from './pim-generic';
import { PnaDriver } from './pna';
import { ZnbDriver } from './znb';

export type Instrument = NetworkAnalyzer | PimAnalyzer;

export interface ConnectOptions {
  readonly transport?: TransportOptions;
  readonly visa?: VisaSearchOptions;
}

function createDriver(
  family: FamilyId,
  session: ScpiSession,
  identity: Identity,
): NaDriver | GenericPimDriver {
  switch (family) {
    case 'ena':
      return new EnaDriver(session, identity);
    case 'pna':
      return new PnaDriver(session, identity);
    case 'znb':
      return new ZnbDriver(session, identity);
    case 'pim-generic':
      return new GenericPimDriver(session, identity);
  }
}

/**
 * Opens `resource`, asks `*IDN?` and returns the driver of the instrument's family, set up for
 * binary transfers. An instrument of no supported family is refused (InstrumentError 'connect')
 * with the list of families, and its connection is closed.
 */
export async function connectInstrument(resource: string, options: ConnectOptions = {}): Promise<Instrument> {
  const transport = await openTransport(resource, options.transport, options.visa);
  const session = new ScpiSession(transport);
  try {
    const identity = parseIdentity(await session.query('*IDN?'), transport.resource);
    const family = familyOf(identity);
    if (!family) {
      throw new InstrumentError(
        'connect',
        `${transport.resource} identifies itself as ${identity.maker} ${identity.model} (*IDN? ${quote(identity.idn)}), ` +
          `and Sweepline has no driver for that model. Supported families: ${supportedFamilies()}.`,
        { command: '*IDN?', resource: transport.resource },
      );
    }
    const driver = createDriver(family, session, identity);
    await driver.initialize();
    return driver;
  } catch (error) {
    await session.close().catch(() => undefined);
    throw error;
  }
}

/** connectInstrument for a step that needs a network analyzer; a PIM analyzer is refused. */
export async function connectNetworkAnalyzer(
  resource: string,
  options: ConnectOptions = {},
): Promise<NetworkAnalyzer> {
  return expectKind(await connectInstrument(resource, options), 'network-analyzer');
}

/** connectInstrument for a step that needs a PIM analyzer; a network analyzer is refused. */
export async function connectPimAnalyzer(
  resource: string,
  options: ConnectOptions = {},
): Promise<PimAnalyzer> {
  return expectKind(await connectInstrument(resource, options), 'pim-analyzer');
}

async function expectKind<K extends Instrument['kind']>(
  instrument: Instrument,
  kind: K,
): Promise<Extract<Instrument, { kind: K }>> {
  if (instrument.kind === kind) return instrument as Extract<Instrument, { kind: K }>;
  const resource = instrument.session.transport.resource;
  await instrument.close();
  const [is, wanted] =
    kind === 'network-analyzer'
      ? ['a PIM analyzer', 'a network analyzer']
      : ['a network analyzer', 'a PIM analyzer'];
  throw new InstrumentError(
    'connect',
    `${resource} is ${instrument.identity.maker} ${instrument.identity.model}, ${is}; this needs ${wanted}.`,
    {
      command: '*IDN?',
      resource,
    },
  );
}
