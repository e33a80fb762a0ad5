import { Injectable } from '@nestjs/common';
import { alarmAction, judgeValue, spcAlarmLine } from '@sweepline/domain';
import { SpcAlarmMail, type OpenedAlarm } from './spc-alarm-mail';
import { type JudgedRun, type JudgeTarget, SpcRepository } from './spc.repository';

/**
 * Judging at upload (docs/architecture.md, "Judging runs as they arrive"): in the upload's
 * transaction, after the run is stored (its values read from the run: run_step_value gets them
 * when the run is folded, shortly after). Each step with
 * frozen limits is locked, judged by the domain's incremental judge, and its alarm opened or
 * joined; the opened alarms are mailed to the product's subscribers.
 */
@Injectable()
export class SpcJudge {
  constructor(
    private readonly repo: SpcRepository,
    private readonly mail: SpcAlarmMail,
  ) {}

  async judgeRun(accountId: number, run: JudgedRun): Promise<void> {
    const targets = await this.repo.judgeTargets(accountId, run);
    if (targets.length === 0) return;
    const opened: { target: JudgeTarget; alarm: OpenedAlarm }[] = [];
    const states = [];
    for (const target of targets) {
      const judged = judgeValue(target, target.recent, target.value);
      const action = alarmAction(judged.rules, target.openAlarmId !== null);
      let alarmId = target.openAlarmId;
      if (action === 'open') {
        alarmId = await this.repo.openAlarm(accountId, target.productId, run, target.title);
        const line = spcAlarmLine(target.title, judged.rules, judged.side);
        opened.push({
          target,
          alarm: { alarmId: Number(alarmId), step: target.title, line, sn: target.sn, value: target.value },
        });
      }
      if (action !== 'none')
        await this.repo.addViolation(accountId, alarmId!, run, {
          sn: target.sn,
          value: target.value,
          rules: judged.rules,
          above: judged.side === 'above',
        });
      states.push({ title: target.title, recent: judged.state, openAlarmId: alarmId });
    }
    await this.repo.saveStates(accountId, run.seqId, states);
    for (const { target, alarm } of opened)
      await this.mail.send(await this.repo.subscribers(accountId, target.productId, run.seqId), alarm);
  }
}
