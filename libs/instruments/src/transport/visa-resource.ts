import { InstrumentError } from './instrument-error';
import { SCPI_SOCKET_PORT } from './transport';

/**
 * VISA resource strings (INSTRUMENTS.md section 1; IVI VISA resource name grammar), parsed into
 * what openTransport needs. Keywords are case-insensitive; `resource` is the canonical spelling
 * handed to VISA and shown in messages. A bare `host[:port]` is taken as a raw socket.
 */
export type VisaResource =
  | {
      readonly kind: 'socket';
      readonly board: number;
      readonly host: string;
      readonly port: number;
      readonly resource: string;
    }
  | {
      /** VXI-11 (ONC RPC, portmapper on 111); `device` is inst0, or gpib0,5 behind a LAN gateway. */
      readonly kind: 'vxi11';
      readonly board: number;
      readonly host: string;
      readonly device: string;
      readonly resource: string;
    }
  | {
      /** HiSLIP, TCP port 4880 unless the string names another. */
      readonly kind: 'hislip';
      readonly board: number;
      readonly host: string;
      readonly device: string;
      readonly port: number | undefined;
      readonly resource: string;
    }
  | {
      readonly kind: 'usb';
      readonly board: number;
      readonly vendorId: number;
      readonly productId: number;
      readonly serial: string;
      readonly interfaceNumber: number | undefined;
      readonly resource: string;
    }
  | {
      readonly kind: 'gpib';
      readonly board: number;
      readonly address: number;
      readonly secondary: number | undefined;
      readonly resource: string;
    };

export type VisaResourceKind = VisaResource['kind'];

const EXAMPLES =
  'Examples: TCPIP0::192.168.0.10::5025::SOCKET, TCPIP0::192.168.0.10::inst0::INSTR, ' +
  'TCPIP0::192.168.0.10::hislip0::INSTR, USB0::0x2A8D::0x0101::MY12345678::INSTR, GPIB0::16::INSTR, ' +
  'or just 192.168.0.10:5025.';

const IPV6 = /^[0-9a-fA-F:.]+(%[\w.-]+)?$/;

class ResourceSyntaxError extends Error {}

export function parseVisaResource(text: string): VisaResource {
  try {
    return parse(text.trim());
  } catch (error) {
    if (!(error instanceof ResourceSyntaxError)) throw error;
    throw new InstrumentError(
      'connect',
      `Cannot read the resource string '${text}': ${error.message} ${EXAMPLES}`,
      {
        resource: text,
      },
    );
  }
}

function parse(text: string): VisaResource {
  if (text === '') throw new ResourceSyntaxError('it is empty.');
  const tokens = splitTokens(text);
  const head = /^(TCPIP|USB|GPIB)(\d*)$/i.exec(tokens[0] as string);
  if (!head) {
    // An unbracketed IPv6 address (fe80::1) has '::' in it too, but no interface keyword.
    if (tokens.length === 1 || IPV6.test(text)) return parseBareHost(text);
    throw new ResourceSyntaxError(
      `'${tokens[0]}' is not a supported interface: use TCPIP, USB or GPIB (serial ASRL, PXI and VXI are not supported).`,
    );
  }
  const board = head[2] === '' ? 0 : Number(head[2]);
  const rest = tokens.slice(1);
  switch ((head[1] as string).toUpperCase()) {
    case 'TCPIP':
      return parseTcpip(board, rest);
    case 'USB':
      return parseUsb(board, rest);
    default:
      return parseGpib(board, rest);
  }
}

/** Splits on '::', keeping a bracketed IPv6 address such as [fe80::1] in one token. */
function splitTokens(text: string): string[] {
  const tokens: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '[') {
      const close = text.indexOf(']', i);
      if (close < 0) throw new ResourceSyntaxError("an IPv6 address opened with '[' is never closed.");
      current += text.slice(i, close + 1);
      i = close;
    } else if (text.startsWith('::', i)) {
      tokens.push(current);
      current = '';
      i++;
    } else {
      current += text[i];
    }
  }
  tokens.push(current);
  return tokens;
}

/** The resource class at the end: INSTR may be left out, as VISA allows. */
function splitClass(rest: string[]): { fields: string[]; cls: string } {
  const last = rest.at(-1)?.toUpperCase();
  if (last === 'INSTR' || last === 'SOCKET') return { fields: rest.slice(0, -1), cls: last };
  if (last !== undefined && /^(RAW|INTFC|BACKPLANE|SERVANT|MEMACC)$/.test(last)) {
    throw new ResourceSyntaxError(
      `the resource class ${last} is not supported: instruments are ::INSTR (or ::SOCKET).`,
    );
  }
  return { fields: rest, cls: 'INSTR' };
}

function parseTcpip(board: number, rest: string[]): VisaResource {
  const { fields, cls } = splitClass(rest);
  const [hostField, deviceField, ...extra] = fields;
  const host = parseHost(hostField);
  const prefix = `TCPIP${board}::${formatHost(host)}`;
  if (cls === 'SOCKET') {
    if (deviceField === undefined)
      throw new ResourceSyntaxError('a SOCKET resource needs a port: TCPIP0::host::5025::SOCKET.');
    if (extra.length > 0) throw new ResourceSyntaxError('a SOCKET resource has only a host and a port.');
    const port = parsePort(deviceField);
    return { kind: 'socket', board, host, port, resource: `${prefix}::${port}::SOCKET` };
  }
  if (extra.length > 0) throw new ResourceSyntaxError(`'${extra.join('::')}' is one field too many.`);
  const device = (deviceField ?? 'inst0').toLowerCase();
  const hislip = /^(hislip\d+)(?:,(\d+))?$/.exec(device);
  if (hislip) {
    const port = hislip[2] === undefined ? undefined : parsePort(hislip[2]);
    return {
      kind: 'hislip',
      board,
      host,
      device: hislip[1] as string,
      port,
      resource: `${prefix}::${device}::INSTR`,
    };
  }
  if (/^\d+$/.test(device)) {
    throw new ResourceSyntaxError(
      `'${device}' looks like a port: a raw socket is TCPIP0::host::${device}::SOCKET.`,
    );
  }
  if (!/^[a-z][a-z0-9_]*(,\d+)?$/.test(device))
    throw new ResourceSyntaxError(`'${deviceField}' is not a LAN device name such as inst0.`);
  return { kind: 'vxi11', board, host, device, resource: `${prefix}::${device}::INSTR` };
}

function parseUsb(board: number, rest: string[]): VisaResource {
  const { fields, cls } = splitClass(rest);
  if (cls !== 'INSTR') throw new ResourceSyntaxError('a USB resource ends in ::INSTR.');
  const [vendor, product, serial, intf, ...extra] = fields;
  if (serial === undefined || serial === '') {
    throw new ResourceSyntaxError(
      'a USB resource needs vendor id, product id and serial number: USB0::0x2A8D::0x0101::MY123::INSTR.',
    );
  }
  if (extra.length > 0) throw new ResourceSyntaxError(`'${extra.join('::')}' is one field too many.`);
  const vendorId = parseUsbId(vendor as string, 'vendor');
  const productId = parseUsbId(product as string, 'product');
  const interfaceNumber =
    intf === undefined ? undefined : parseSmallInteger(intf, 'USB interface number', 255);
  const hex = (id: number) => `0x${id.toString(16).toUpperCase().padStart(4, '0')}`;
  const tail = interfaceNumber === undefined ? '' : `::${interfaceNumber}`;
  return {
    kind: 'usb',
    board,
    vendorId,
    productId,
    serial,
    interfaceNumber,
    resource: `USB${board}::${hex(vendorId)}::${hex(productId)}::${serial}${tail}::INSTR`,
  };
}

function parseGpib(board: number, rest: string[]): VisaResource {
  const { fields, cls } = splitClass(rest);
  if (cls !== 'INSTR') throw new ResourceSyntaxError('a GPIB resource ends in ::INSTR.');
  const [primary, secondaryField, ...extra] = fields;
  if (primary === undefined)
    throw new ResourceSyntaxError('a GPIB resource needs the primary address: GPIB0::16::INSTR.');
  if (extra.length > 0) throw new ResourceSyntaxError(`'${extra.join('::')}' is one field too many.`);
  // IEEE 488.1: 31 addresses, 0 to 30, for primary and for secondary.
  const address = parseSmallInteger(primary, 'GPIB primary address', 30);
  const secondary =
    secondaryField === undefined
      ? undefined
      : parseSmallInteger(secondaryField, 'GPIB secondary address', 30);
  const tail = secondary === undefined ? '' : `::${secondary}`;
  return { kind: 'gpib', board, address, secondary, resource: `GPIB${board}::${address}${tail}::INSTR` };
}

function parseBareHost(text: string): VisaResource {
  if (/^(COM|ASRL)\d+$/i.test(text)) {
    throw new ResourceSyntaxError(
      'serial ports are not supported: connect the instrument by LAN, USB or GPIB.',
    );
  }
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  const colons = text.split(':').length - 1;
  let hostText: string;
  let portText: string | undefined;
  if (bracketed) [, hostText = '', portText] = bracketed;
  else if (colons === 1) [hostText = '', portText] = text.split(':');
  else hostText = text;
  const host = parseHost(hostText);
  const port = portText === undefined ? SCPI_SOCKET_PORT : parsePort(portText);
  return { kind: 'socket', board: 0, host, port, resource: `TCPIP0::${formatHost(host)}::${port}::SOCKET` };
}

function parseHost(field: string | undefined): string {
  const host = (field ?? '').replace(/^\[(.*)\]$/, '$1');
  if (host === '') throw new ResourceSyntaxError('the host name or IP address is missing.');
  const ipv6 = host.includes(':');
  if (ipv6 ? !IPV6.test(host) : !/^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(host)) {
    throw new ResourceSyntaxError(`'${host}' is not a host name or IP address.`);
  }
  return host;
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

function parsePort(text: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 1 && port <= 65535))
    throw new ResourceSyntaxError(`'${text}' is not a TCP port (1 to 65535).`);
  return port;
}

function parseUsbId(text: string, what: string): number {
  const value = /^0x[0-9a-f]{1,4}$/i.test(text)
    ? parseInt(text.slice(2), 16)
    : /^\d{1,5}$/.test(text)
      ? Number(text)
      : NaN;
  if (!(value >= 0 && value <= 0xffff)) {
    throw new ResourceSyntaxError(`'${text}' is not a USB ${what} id (0x0000 to 0xFFFF, e.g. 0x2A8D).`);
  }
  return value;
}

function parseSmallInteger(text: string, what: string, max: number): number {
  const value = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (!(value >= 0 && value <= max))
    throw new ResourceSyntaxError(`'${text}' is not a ${what} (0 to ${max}).`);
  return value;
}
