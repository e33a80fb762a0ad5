import type {
  CalibrationRequest,
  CalibrationStep,
  ChannelCalibration,
  FileTransfer,
  NetworkAnalyzer,
} from './network-analyzer';
import { calibrationPlan, checkPorts, sharedConnections } from './calibration-plan';
import type { CalibrationScript } from './na-hooks';
import { checkChannel, writeEach } from './na-hooks';
import { NaMeasurement } from './na-measurement';
import { expectedSweepMs, sweepTimeoutMs } from './sweep-time';

/**
 * A network-analyzer driver: the measurements of NaMeasurement, plus what goes through the
 * instrument's disk or its calibration engine (screenshots, SnP files, calibrations, saved
 * states), each family spelling it through the abstract members.
 */
export abstract class NaDriver extends NaMeasurement implements NetworkAnalyzer {
  protected abstract screenshotCommands(channel: number, fileName: string): string[];
  protected abstract snpCommands(channel: number, ports: readonly number[], fileName: string): string[];
  protected abstract transferQuery(fileName: string): string;
  protected abstract deleteCommand(fileName: string): string;
  protected abstract calibrationScript(channel: number, request: CalibrationRequest): CalibrationScript;
  protected abstract stateCommands(action: 'save' | 'recall', fileName: string): string[];
  protected abstract calibrationCommands(action: 'save' | 'recall', channel: number, name: string): string[];

  screenshot(channel: number, fileName = 'sweepline-screen.png'): Promise<FileTransfer> {
    return this.exclusive(() => this.fileFrom(this.screenshotCommands(channel, fileName), fileName));
  }

  async saveSnp(
    channel: number,
    ports: readonly number[],
    fileName = `sweepline.s${ports.length}p`,
  ): Promise<FileTransfer> {
    checkPorts({ ports });
    return this.exclusive(() => this.fileFrom(this.snpCommands(channel, ports, fileName), fileName));
  }

  async calibrate(channel: number, request: CalibrationRequest): Promise<void> {
    checkChannel(channel);
    checkPorts(request);
    return this.exclusive(() => this.runCalibration(channel, request));
  }

  async calibrateChannels(
    channels: readonly ChannelCalibration[],
    request: Omit<CalibrationRequest, 'ports' | 'thruOnly'>,
  ): Promise<void> {
    for (const c of channels) {
      checkChannel(c.channel);
      checkPorts(c);
    }
    return this.exclusive(async () => {
      const requests = channels.map((c) => ({ channel: c.channel, request: { ...request, ...c } }));
      for (const { channel, request: alone } of requests.filter((r) => !this.sharesConnections(r.request))) {
        await this.runCalibration(channel, alone);
      }
      const shared = requests
        .filter((r) => this.sharesConnections(r.request))
        .map((r) => ({
          ...r,
          script: this.calibrationScript(r.channel, r.request),
          plan: calibrationPlan(r.request),
        }));
      for (const { script } of shared) await writeEach(this.session, script.start);
      for (const connection of sharedConnections(shared.map((s) => s.plan))) {
        await request.onStep(connection);
        for (const { channel, script, plan } of shared) {
          const own = plan.find((step: CalibrationStep) => step.prompt === connection.prompt);
          if (!own) continue;
          const timeoutMs = this.standardTimeoutMs(channel);
          for (const command of script.acquire(own)) await this.session.writeAndWait(command, { timeoutMs });
        }
      }
      for (const { script } of shared) await writeEach(this.session, script.save);
    });
  }

  /** Whether a calibration's standards may be measured in an order Sweepline chooses. */
  protected sharesConnections(_request: CalibrationRequest): boolean {
    return true;
  }

  saveState(fileName: string): Promise<void> {
    return this.exclusive(() => writeEach(this.session, this.stateCommands('save', fileName)));
  }

  recallState(fileName: string): Promise<void> {
    return this.exclusive(async () => {
      await writeEach(this.session, this.stateCommands('recall', fileName));
      this.forget();
    });
  }

  saveCalibration(channel: number, name: string): Promise<void> {
    return this.exclusive(() => writeEach(this.session, this.calibrationCommands('save', channel, name)));
  }

  recallCalibration(channel: number, name: string): Promise<void> {
    return this.exclusive(() => writeEach(this.session, this.calibrationCommands('recall', channel, name)));
  }

  /** Mechanical standards as the plan orders them, or one ECal acquisition; each waits with *OPC?. */
  protected async runCalibration(channel: number, request: CalibrationRequest): Promise<void> {
    const script = this.calibrationScript(channel, request);
    const timeoutMs = this.standardTimeoutMs(channel);
    await writeEach(this.session, script.start);
    for (const step of calibrationPlan(request)) {
      await request.onStep(step);
      for (const command of script.acquire(step)) await this.session.writeAndWait(command, { timeoutMs });
    }
    await writeEach(this.session, script.save);
  }

  /** Time to measure one calibration standard: a sweep on two ports at most. */
  protected standardTimeoutMs(channel: number): number {
    return sweepTimeoutMs(expectedSweepMs([this.record(channel)]) * 2);
  }

  /** Makes a file on the instrument, copies it here, and deletes it there so its disk does not fill. */
  private async fileFrom(commands: readonly string[], fileName: string): Promise<FileTransfer> {
    await writeEach(this.session, commands);
    const data = await this.session.queryBinary(this.transferQuery(fileName));
    await this.session.write(this.deleteCommand(fileName));
    return { fileName, data };
  }
}
