import { LinkTransport } from './link-transport';
import { openTcpLink } from './tcp-link';
import type { Transport, TransportOptions } from './transport';
import { SCPI_SOCKET_PORT } from './transport';

/** `TCPIP0::host::port::SOCKET`, with an IPv6 address in brackets so '::' stays a separator. */
export function socketResourceString(host: string, port: number): string {
  return `TCPIP0::${host.includes(':') ? `[${host}]` : host}::${port}::SOCKET`;
}

/** SCPI over a raw TCP socket in pure Node: no VISA or other software needed on the PC. */
export function openTcpTransport(
  host: string,
  port: number = SCPI_SOCKET_PORT,
  options: TransportOptions = {},
): Promise<Transport> {
  const resource = socketResourceString(host, port);
  return LinkTransport.open(
    resource,
    (timeoutMs) => openTcpLink(host, port, resource, timeoutMs, options.maxReplyBytes),
    options,
  );
}
