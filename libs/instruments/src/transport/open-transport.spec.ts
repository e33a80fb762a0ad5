import { InstrumentError } from './instrument-error';
import { openTransport } from './open-transport';
import { FakeInstrument } from './testing/fake-instrument';

async function failure(promise: Promise<unknown>): Promise<InstrumentError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof InstrumentError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** A search that finds no VISA library, whatever is installed on the machine running the test. */
const noVisa = { env: {}, candidates: ['/nonexistent/libvisa.so'] };

describe('openTransport', () => {
  it('opens a SOCKET resource and a bare host:port in pure Node, without looking for VISA', async () => {
    const fake = await FakeInstrument.start();
    for (const resource of [fake.resource, `127.0.0.1:${fake.port}`]) {
      const transport = await openTransport(resource, {}, noVisa);
      expect(transport.resource).toBe(fake.resource);
      await expect(transport.query('*IDN?')).resolves.toContain('FakeInstrument');
      await transport.close();
    }
    await fake.close();
  });

  it.each([
    ['USB0::0x2A8D::0x0101::MY12345678::INSTR', 'a USB'],
    ['GPIB0::16::INSTR', 'a GPIB'],
    ['TCPIP0::10.0.0.7::inst0::INSTR', 'a VXI-11 (LAN INSTR)'],
    ['TCPIP0::10.0.0.7::hislip0::INSTR', 'a HiSLIP'],
  ])(
    'refuses %s without a VISA library, saying what to install and that sockets need none',
    async (resource, kind) => {
      const error = await failure(openTransport(resource, {}, noVisa));
      expect(error.kind).toBe('connect');
      expect(error.resource).toBe(resource);
      expect(error.message).toBe(
        `${resource} is ${kind} resource, which needs a VISA library, and none was found on this PC ` +
          "(tried /nonexistent/libvisa.so). Install the instrument vendor's IO Libraries Suite (Keysight IO Libraries " +
          "Suite 2019 or newer, or R&S VISA) or NI-VISA, or set SWEEPLINE_VISA_LIBRARY to the library's path. " +
          'A LAN instrument works without VISA through its SCPI socket: TCPIP0::<address>::5025::SOCKET.',
      );
    },
  );

  it('refuses a resource string it cannot read before trying to connect', async () => {
    const error = await failure(openTransport('COM3', {}, noVisa));
    expect(error.kind).toBe('connect');
    expect(error.message).toMatch(
      /^Cannot read the resource string 'COM3': serial ports are not supported: connect the instrument by LAN, USB or GPIB\. /,
    );
  });
});
