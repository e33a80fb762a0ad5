import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../../..');
const CLI = join(ROOT, 'apps/cli/src/main.ts');

/**
 * A lab PC for the Stations screen's e2e test: the `sweepline` program itself (from its sources,
 * as apps/cli's e2e tests run it), with its own configuration folder, the ENA simulator of
 * `sweepline sim`, and `sweepline run` units signed in with an API token.
 */
export class LabPc {
  private constructor(
    private readonly home: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly sim: ChildProcess,
  ) {}

  /** `sweepline sim` (the ENA in real time) and `sweepline lab --na` pointing at it. */
  static async start(server: string, token: string, station: string): Promise<LabPc> {
    const home = mkdtempSync(join(tmpdir(), 'sweepline-web-lab-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SWEEPLINE_CONFIG_DIR: join(home, 'config'),
      SWEEPLINE_CLI_DATA_DIR: join(home, 'data'),
      SWEEPLINE_SERVER: server,
      SWEEPLINE_TOKEN: token,
      SWEEPLINE_STATION: station,
      SWEEPLINE_OPERATOR: 'Olga',
      NO_COLOR: '1',
    };
    const sim = spawn(process.execPath, ['--import', 'tsx', CLI, 'sim', '--family', 'ena', '--port', '0'], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const resource = await new Promise<string>((found, fail) => {
      let out = '';
      sim.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /^ena\t(\S+)\t/m.exec(out);
        if (match) found(match[1]!);
      });
      sim.once('exit', (code) => fail(new Error(`sweepline sim exited (${code})`)));
    });
    const pc = new LabPc(home, env, sim);
    const lab = await pc.sweepline(['lab', '--na', resource, '--no-check']);
    if (lab.code !== 0) throw new Error(`sweepline lab failed: ${lab.err}`);
    return pc;
  }

  /** One unit through `sweepline run`, without a terminal; resolves when the program ends. */
  runUnit(product: string, sn: string): Promise<{ code: number | null; err: string }> {
    return this.sweepline(['run', '--product', product, '--sn', sn]);
  }

  async stop(): Promise<void> {
    const exited = new Promise((done) => this.sim.once('exit', done));
    this.sim.kill('SIGTERM');
    await exited;
    rmSync(this.home, { recursive: true, force: true });
  }

  private sweepline(args: string[]): Promise<{ code: number | null; err: string }> {
    return new Promise((done) => {
      const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
        env: this.env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let err = '';
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.once('exit', (code) => done({ code, err }));
    });
  }
}
