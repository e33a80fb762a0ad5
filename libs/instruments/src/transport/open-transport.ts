import { openTcpTransport } from './tcp-transport';
import type { Transport, TransportOptions } from './transport';
import type { VisaSearchOptions } from './visa-library';
import { openVisaTransport } from './visa-transport';
import { parseVisaResource } from './visa-resource';

/**
 * Opens any resource string: a raw socket (`TCPIP0::host::5025::SOCKET` or `host[:port]`) in pure
 * Node, with no other software; USB, GPIB, VXI-11 and HiSLIP through the VISA library installed
 * on the PC. Throws InstrumentError 'connect' with a message the user can act on.
 */
export async function openTransport(
  resource: string,
  options: TransportOptions = {},
  search: VisaSearchOptions = {},
): Promise<Transport> {
  const parsed = parseVisaResource(resource);
  if (parsed.kind === 'socket') return openTcpTransport(parsed.host, parsed.port, options);
  return openVisaTransport(parsed, options, search);
}
