import { InstrumentError } from './instrument-error';
import { ScriptedVisa } from './testing/scripted-visa';
import {
  VI_ATTR_TERMCHAR,
  VI_ATTR_TERMCHAR_EN,
  VI_ERROR_CONN_LOST,
  VI_ERROR_IO,
  VI_ERROR_RSRC_NFOUND,
  VI_SUCCESS,
  VI_SUCCESS_MAX_CNT,
  VI_SUCCESS_TERM_CHAR,
} from './visa-constants';
import { openVisaLink } from './visa-link';

const RESOURCE = 'USB0::0x2A8D::0x0101::MY1::INSTR';

async function failure(promise: Promise<unknown>): Promise<InstrumentError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof InstrumentError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

async function query(visa: ScriptedVisa, command = 'X?', timeoutMs = 1000) {
  const link = await openVisaLink(visa, RESOURCE, 1000);
  return link.exchange(command, Buffer.from(`${command}\n`), true, timeoutMs);
}

describe('VISA link (scripted VISA library)', () => {
  it('enables the \\n termination character when it opens a session', async () => {
    const visa = new ScriptedVisa();
    await openVisaLink(visa, RESOURCE, 1000);
    expect(visa.attributes).toEqual([
      [VI_ATTR_TERMCHAR, 0x0a],
      [VI_ATTR_TERMCHAR_EN, 1],
    ]);
  });

  it('ends a reply at END even without a line end', async () => {
    const visa = new ScriptedVisa();
    visa.reads.push({ status: VI_SUCCESS, bytes: '42' });
    await expect(query(visa)).resolves.toEqual({ kind: 'line', text: '42' });
    visa.reads.push({ status: VI_SUCCESS, bytes: '' });
    await expect(query(visa)).resolves.toEqual({ kind: 'line', text: '' });
  });

  it('joins reads that filled the buffer or stopped at a \\n inside a block', async () => {
    const visa = new ScriptedVisa();
    visa.reads.push({ status: VI_SUCCESS_MAX_CNT, bytes: '#16a' });
    visa.reads.push({ status: VI_SUCCESS_TERM_CHAR, bytes: 'b\n' });
    visa.reads.push({ status: VI_SUCCESS, bytes: 'cde\n' });
    await expect(query(visa)).resolves.toEqual({ kind: 'block', data: Buffer.from('ab\ncde') });
  });

  it('refuses a block cut short by END', async () => {
    const visa = new ScriptedVisa();
    visa.reads.push({ status: VI_SUCCESS, bytes: '#15ab' });
    const error = await failure(query(visa));
    expect(error.kind).toBe('bad-reply');
    expect(error.message).toBe(
      `The reply of ${RESOURCE} to 'X?' is garbled: The message ended after 2 of the 5 data bytes its block header announced.`,
    );
  });

  it('refuses bytes after the reply in the same message', async () => {
    const visa = new ScriptedVisa();
    visa.reads.push({ status: VI_SUCCESS, bytes: '1\n2\n' });
    expect((await failure(query(visa))).message).toMatch(/sent 2 more bytes after its reply to 'X\?'/);
  });

  it('reports VISA read and write failures by status name, as kind closed', async () => {
    const visa = new ScriptedVisa();
    visa.reads.push({ status: VI_ERROR_CONN_LOST, bytes: '' });
    const lost = await failure(query(visa));
    expect(lost.kind).toBe('closed');
    expect(lost.message).toBe(
      `Reading the reply of ${RESOURCE} to 'X?' failed: VI_ERROR_CONN_LOST (0xBFFF00A6) (received: nothing).`,
    );
    visa.writeStatus = VI_ERROR_IO;
    expect((await failure(query(visa))).message).toBe(
      `Sending 'X?' to ${RESOURCE} failed: VI_ERROR_IO (0xBFFF003E).`,
    );
  });

  it('fails with a timeout when the VISA library never returns, and closes without waiting for it', async () => {
    const visa = new ScriptedVisa();
    visa.reads.push('hang');
    const link = await openVisaLink(visa, RESOURCE, 1000);
    const started = Date.now();
    const error = await failure(link.exchange('X?', Buffer.from('X?\n'), true, 100));
    expect(Date.now() - started).toBeLessThan(2500);
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(`The VISA library did not return within 100 ms for 'X?' on ${RESOURCE}.`);
    expect(link.alive).toBe(false);
    await link.close();
    expect(visa.closed).toEqual([]);
  });

  it('fails with kind connect when viOpen fails, and releases the resource manager', async () => {
    const visa = new ScriptedVisa();
    visa.openStatus = VI_ERROR_RSRC_NFOUND;
    const error = await failure(openVisaLink(visa, RESOURCE, 1000));
    expect(error.kind).toBe('connect');
    expect(error.message).toMatch(
      /^VISA could not open USB0::0x2A8D::0x0101::MY1::INSTR: VI_ERROR_RSRC_NFOUND \(0xBFFF0011\)\./,
    );
    expect(visa.closed).toEqual([1]);
  });

  it('closes the session and the resource manager', async () => {
    const visa = new ScriptedVisa();
    const link = await openVisaLink(visa, RESOURCE, 1000);
    await link.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(visa.closed).toEqual([2, 1]);
    expect((await failure(link.exchange('X?', Buffer.from('X?\n'), true, 100))).kind).toBe('closed');
  });
});
