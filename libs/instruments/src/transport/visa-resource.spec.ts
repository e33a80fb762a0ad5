import { InstrumentError } from './instrument-error';
import { parseVisaResource } from './visa-resource';

function refusal(text: string): string {
  try {
    parseVisaResource(text);
  } catch (error) {
    expect(error).toBeInstanceOf(InstrumentError);
    expect((error as InstrumentError).kind).toBe('connect');
    const message = (error as InstrumentError).message;
    expect(message).toMatch(/ Examples: TCPIP0::192\.168\.0\.10::5025::SOCKET, /);
    return message.slice(0, message.indexOf(' Examples:'));
  }
  throw new Error(`expected '${text}' to be refused`);
}

describe('parseVisaResource', () => {
  it('reads a raw socket, in any letter case', () => {
    expect(parseVisaResource('TCPIP0::192.168.0.10::5025::SOCKET')).toEqual({
      kind: 'socket',
      board: 0,
      host: '192.168.0.10',
      port: 5025,
      resource: 'TCPIP0::192.168.0.10::5025::SOCKET',
    });
    expect(parseVisaResource(' tcpip1::ZNB-100.lab::5025::socket ')).toMatchObject({
      board: 1,
      host: 'ZNB-100.lab',
      resource: 'TCPIP1::ZNB-100.lab::5025::SOCKET',
    });
  });

  it('reads a bare host, host:port and bracketed IPv6 as a socket, on port 5025 by default', () => {
    expect(parseVisaResource('10.0.0.7')).toMatchObject({
      kind: 'socket',
      port: 5025,
      resource: 'TCPIP0::10.0.0.7::5025::SOCKET',
    });
    expect(parseVisaResource('vna-3:5026')).toMatchObject({ kind: 'socket', host: 'vna-3', port: 5026 });
    expect(parseVisaResource('[::1]:5025')).toMatchObject({
      host: '::1',
      resource: 'TCPIP0::[::1]::5025::SOCKET',
    });
    expect(parseVisaResource('fe80::1')).toMatchObject({ host: 'fe80::1', port: 5025 });
    expect(parseVisaResource('::1').resource).toBe('TCPIP0::[::1]::5025::SOCKET');
    expect(parseVisaResource('TCPIP::[fe80::1%eth0]::5025::SOCKET')).toMatchObject({
      host: 'fe80::1%eth0',
      port: 5025,
    });
  });

  it('reads VXI-11, with inst0 when the device is left out and INSTR optional', () => {
    expect(parseVisaResource('TCPIP0::10.0.0.7::inst0::INSTR')).toEqual({
      kind: 'vxi11',
      board: 0,
      host: '10.0.0.7',
      device: 'inst0',
      resource: 'TCPIP0::10.0.0.7::inst0::INSTR',
    });
    expect(parseVisaResource('TCPIP::10.0.0.7::INSTR').resource).toBe('TCPIP0::10.0.0.7::inst0::INSTR');
    expect(parseVisaResource('TCPIP0::10.0.0.7').kind).toBe('vxi11');
    expect(parseVisaResource('TCPIP0::gw::GPIB0,5::INSTR')).toMatchObject({
      kind: 'vxi11',
      device: 'gpib0,5',
    });
  });

  it('reads HiSLIP with and without a port', () => {
    expect(parseVisaResource('TCPIP0::10.0.0.7::hislip0::INSTR')).toEqual({
      kind: 'hislip',
      board: 0,
      host: '10.0.0.7',
      device: 'hislip0',
      port: undefined,
      resource: 'TCPIP0::10.0.0.7::hislip0::INSTR',
    });
    expect(parseVisaResource('tcpip0::10.0.0.7::HiSLIP1,4881::instr')).toMatchObject({
      device: 'hislip1',
      port: 4881,
      resource: 'TCPIP0::10.0.0.7::hislip1,4881::INSTR',
    });
  });

  it('reads USB with hex or decimal ids and an optional interface number', () => {
    expect(parseVisaResource('USB0::0x2a8d::0x0101::MY12345678::INSTR')).toEqual({
      kind: 'usb',
      board: 0,
      vendorId: 0x2a8d,
      productId: 0x0101,
      serial: 'MY12345678',
      interfaceNumber: undefined,
      resource: 'USB0::0x2A8D::0x0101::MY12345678::INSTR',
    });
    expect(parseVisaResource('usb::2733::0x1E6::1332.4500K54-100018::0::instr')).toMatchObject({
      vendorId: 0x0aad,
      productId: 0x01e6,
      interfaceNumber: 0,
      resource: 'USB0::0x0AAD::0x01E6::1332.4500K54-100018::0::INSTR',
    });
  });

  it('reads GPIB with an optional secondary address', () => {
    expect(parseVisaResource('GPIB0::16::INSTR')).toEqual({
      kind: 'gpib',
      board: 0,
      address: 16,
      secondary: undefined,
      resource: 'GPIB0::16::INSTR',
    });
    expect(parseVisaResource('gpib1::5::2')).toMatchObject({
      board: 1,
      secondary: 2,
      resource: 'GPIB1::5::2::INSTR',
    });
  });

  it('refuses bad strings with a message that says what is wrong', () => {
    expect(refusal('')).toBe("Cannot read the resource string '': it is empty.");
    expect(refusal('ASRL1::INSTR')).toBe(
      "Cannot read the resource string 'ASRL1::INSTR': 'ASRL1' is not a supported interface: use TCPIP, USB or GPIB (serial ASRL, PXI and VXI are not supported).",
    );
    expect(refusal('TCPIP0::10.0.0.7::SOCKET')).toMatch(
      /a SOCKET resource needs a port: TCPIP0::host::5025::SOCKET\.$/,
    );
    expect(refusal('TCPIP0::10.0.0.7::70000::SOCKET')).toMatch(/'70000' is not a TCP port \(1 to 65535\)\.$/);
    expect(refusal('TCPIP0::10.0.0.7::5025')).toMatch(
      /'5025' looks like a port: a raw socket is TCPIP0::host::5025::SOCKET\.$/,
    );
    expect(refusal('TCPIP0::bad host::inst0::INSTR')).toMatch(
      /'bad host' is not a host name or IP address\.$/,
    );
    expect(refusal('TCPIP0::::inst0::INSTR')).toMatch(/the host name or IP address is missing\.$/);
    expect(refusal('TCPIP0::[::1::5025::SOCKET')).toMatch(
      /an IPv6 address opened with '\[' is never closed\.$/,
    );
    expect(refusal('USB0::0x2A8D::0x0101::INSTR')).toMatch(
      /a USB resource needs vendor id, product id and serial number/,
    );
    expect(refusal('USB0::0xGGGG::0x0101::SN::INSTR')).toMatch(/'0xGGGG' is not a USB vendor id/);
    expect(refusal('USB0::0x2A8D::0x0101::SN::RAW')).toMatch(/the resource class RAW is not supported/);
    expect(refusal('GPIB0::31::INSTR')).toMatch(/'31' is not a GPIB primary address \(0 to 30\)\.$/);
    expect(refusal('GPIB0::INTFC')).toMatch(/the resource class INTFC is not supported/);
    expect(refusal('GPIB0::1::2::3::INSTR')).toMatch(/'3' is one field too many\.$/);
    expect(refusal('host:port')).toMatch(/'port' is not a TCP port/);
  });
});
