import { InstrumentError } from './instrument-error';
import { LinkTransport } from './link-transport';
import type { Transport, TransportOptions } from './transport';
import type { VisaLibrary, VisaSearchOptions } from './visa-library';
import { findVisaLibrary, VISA_LIBRARY_ENV } from './visa-library';
import { openVisaLink } from './visa-link';
import type { VisaResource } from './visa-resource';

const KIND_NAMES: Readonly<Record<VisaResource['kind'], string>> = {
  socket: 'LAN socket',
  vxi11: 'VXI-11 (LAN INSTR)',
  hislip: 'HiSLIP',
  usb: 'USB',
  gpib: 'GPIB',
};

/** Opens a resource through a VISA library already loaded. */
export function openVisaTransportWith(
  visa: VisaLibrary,
  resource: VisaResource,
  options: TransportOptions = {},
): Promise<Transport> {
  return LinkTransport.open(
    resource.resource,
    (timeoutMs) => openVisaLink(visa, resource.resource, timeoutMs, options.maxReplyBytes),
    options,
  );
}

/**
 * Opens a resource through the system's VISA library; where none is installed the refusal says
 * what to install, and that LAN sockets need nothing.
 */
export async function openVisaTransport(
  resource: VisaResource,
  options: TransportOptions = {},
  search: VisaSearchOptions = {},
): Promise<Transport> {
  const { library, tried } = await findVisaLibrary(search);
  if (!library) {
    throw new InstrumentError(
      'connect',
      `${resource.resource} is a ${KIND_NAMES[resource.kind]} resource, which needs a VISA library, and none was found ` +
        `on this PC (tried ${tried.join(', ')}). Install the instrument vendor's IO Libraries Suite ` +
        '(Keysight IO Libraries Suite 2019 or newer, or R&S VISA) or NI-VISA, or set ' +
        `${VISA_LIBRARY_ENV} to the library's path. A LAN instrument works without VISA through its SCPI socket: ` +
        'TCPIP0::<address>::5025::SOCKET.',
      { resource: resource.resource },
    );
  }
  return openVisaTransportWith(library, resource, options);
}
