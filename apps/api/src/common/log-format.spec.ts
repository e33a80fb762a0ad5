import type { LoggerService } from '@nestjs/common';
import { pino } from 'pino';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { logStream, parseLogFormat, StartUpAtDebug } from './log-format';

describe('LOG_FORMAT', () => {
  it('defaults to readable lines on a terminal and JSON otherwise; the variable decides when set', () => {
    expect(parseLogFormat(undefined, true)).toBe('pretty');
    expect(parseLogFormat(undefined, false)).toBe('json');
    expect(parseLogFormat('json', true)).toBe('json');
    expect(parseLogFormat(' Pretty ', false)).toBe('pretty');
    expect(parseLogFormat('yaml', true)).toEqual({ error: "LOG_FORMAT must be json or pretty, not 'yaml'" });
  });
});

describe('the pretty log', () => {
  function written(format: 'pretty', log: (logger: pino.Logger) => void): Promise<string> {
    let text = '';
    const destination = new Writable({
      write(chunk: Buffer, _encoding: string, done: () => void) {
        text += chunk.toString();
        done();
      },
    });
    log(pino({ level: 'info' }, logStream(format, false, destination)));
    return new Promise((resolve) => setImmediate(() => resolve(text)));
  }

  it("writes one readable line per entry: time, level, Nest's context, the message", async () => {
    const text = await written('pretty', (logger) =>
      logger.info({ context: 'NestApplication' }, 'Nest application successfully started'),
    );
    expect(text).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[NestApplication\] Nest application successfully started\n$/,
    );
  });

  it('writes a request as method, path, status and time', async () => {
    const text = await written('pretty', (logger) =>
      logger.info(
        { req: { method: 'GET', url: '/webcyc/api/health' }, res: { statusCode: 200 }, responseTime: 3 },
        'request completed',
      ),
    );
    expect(text).toMatch(/INFO: GET \/webcyc\/api\/health 200 3 ms: request completed\n$/);
    expect(text).not.toContain('{');
  });
});

describe('the JSON log', () => {
  it("is pino's own lines, written before the call returns: in order with main.ts's console lines", () => {
    const folder = mkdtempSync(join(tmpdir(), 'sweepline-log-'));
    const file = join(folder, 'log');
    const fd = openSync(file, 'w');
    try {
      const logger = pino({ level: 'info' }, logStream('json', false, fd));
      logger.info({ context: 'NestApplication' }, 'Nest application successfully started');
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
        level: 30,
        context: 'NestApplication',
        msg: 'Nest application successfully started',
      });
    } finally {
      closeSync(fd);
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('StartUpAtDebug', () => {
  it("puts Nest's route map and module list at debug level, and passes everything else on", () => {
    const calls: string[] = [];
    const inner: LoggerService = {
      log: (m: string, c: string) => calls.push(`log ${c}: ${m}`),
      debug: (m: string, c: string) => calls.push(`debug ${c}: ${m}`),
      error: (m: string) => calls.push(`error ${m}`),
      warn: (m: string) => calls.push(`warn ${m}`),
    };
    const logger = new StartUpAtDebug(inner);
    logger.log('Mapped {/webcyc/api/health, GET} route', 'RouterExplorer');
    logger.log('HealthController {/webcyc/api}:', 'RoutesResolver');
    logger.log('CoreModule dependencies initialized', 'InstanceLoader');
    logger.log('Nest application successfully started', 'NestApplication');
    logger.warn('careful');
    logger.error('broken');
    expect(calls).toEqual([
      'debug RouterExplorer: Mapped {/webcyc/api/health, GET} route',
      'debug RoutesResolver: HealthController {/webcyc/api}:',
      'debug InstanceLoader: CoreModule dependencies initialized',
      'log NestApplication: Nest application successfully started',
      'warn careful',
      'error broken',
    ]);
  });
});
