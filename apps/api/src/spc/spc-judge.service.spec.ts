import { Logger } from '@nestjs/common';
import type { MailService } from '../mail/mail.service';
import { SpcAlarmMail } from './spc-alarm-mail';
import { SpcJudge } from './spc-judge.service';
import type { JudgeTarget, SpcRepository, Subscriber } from './spc.repository';

const RUN = { seqId: 5, runId: 100, startTime: new Date('2026-11-29T10:00:00Z') };
const SUBSCRIBER: Subscriber = { email: 'qa@example.com', productName: 'BPF-600', seqName: 'Pass band' };

const target = (over: Partial<JudgeTarget> = {}): JudgeTarget => ({
  title: 'Insertion Loss Max',
  productId: 3,
  centre: 1,
  sigmaWithin: 0.1,
  recent: [],
  openAlarmId: null,
  value: 1,
  sn: 'A1',
  ...over,
});

/** SpcJudge over a recording fake of its repository and of the mail module. */
function judgeWith(targets: JudgeTarget[], send: MailService['send'] = () => Promise.resolve()) {
  const calls: string[] = [];
  const mails: string[] = [];
  const repo = {
    judgeTargets: () => (calls.push('judgeTargets'), Promise.resolve(targets)),
    openAlarm: () => (calls.push('openAlarm'), Promise.resolve('9')),
    addViolation: (_: number, alarmId: string) => (calls.push(`addViolation ${alarmId}`), Promise.resolve()),
    saveStates: (_: number, __: number, states: { recent: number[]; openAlarmId: string | null }[]) => (
      calls.push(`saveStates ${JSON.stringify(states)}`),
      Promise.resolve()
    ),
    subscribers: () => Promise.resolve([SUBSCRIBER]),
  } as unknown as SpcRepository;
  const mail = {
    send: (m: { to: string; subject: string }) => (mails.push(`${m.to}: ${m.subject}`), send(m as never)),
  } as unknown as MailService;
  return { judge: new SpcJudge(repo, new SpcAlarmMail(mail)), calls, mails };
}

describe('SpcJudge.judgeRun', () => {
  it('does nothing more for a run without frozen steps', async () => {
    const { judge, calls, mails } = judgeWith([]);
    await judge.judgeRun(1, RUN);
    expect(calls).toEqual(['judgeTargets']);
    expect(mails).toEqual([]);
  });

  it('carries the value for a step that breaks no rule, and opens nothing', async () => {
    const { judge, calls, mails } = judgeWith([target({ recent: [1.01], value: 1.02 })]);
    await judge.judgeRun(1, RUN);
    expect(calls).toEqual([
      'judgeTargets',
      `saveStates ${JSON.stringify([{ title: 'Insertion Loss Max', recent: [1.01, 1.02], openAlarmId: null }])}`,
    ]);
    expect(mails).toEqual([]);
  });

  it('opens an alarm on the first violation and mails the subscribers once', async () => {
    const { judge, calls, mails } = judgeWith([target({ value: 1.5 })]);
    await judge.judgeRun(1, RUN);
    expect(calls).toEqual([
      'judgeTargets',
      'openAlarm',
      'addViolation 9',
      `saveStates ${JSON.stringify([{ title: 'Insertion Loss Max', recent: [1.5], openAlarmId: '9' }])}`,
    ]);
    expect(mails).toEqual(['qa@example.com: SPC alarm on Insertion Loss Max (BPF-600, Pass band)']);
  });

  it('joins a violation to the open alarm without a mail', async () => {
    const { judge, calls, mails } = judgeWith([target({ value: 0.5, openAlarmId: '4' })]);
    await judge.judgeRun(1, RUN);
    expect(calls).toContain('addViolation 4');
    expect(calls).not.toContain('openAlarm');
    expect(mails).toEqual([]);
  });

  it('stores the run when the mail fails (the failure is logged)', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const { judge, calls } = judgeWith([target({ value: 1.5 })], () =>
      Promise.reject(new Error('SMTP down')),
    );
    await expect(judge.judgeRun(1, RUN)).resolves.toBeUndefined();
    expect(calls.some((c) => c.startsWith('saveStates'))).toBe(true);
    expect(String(logged.mock.calls[0]?.[0])).toContain('mail to qa@example.com failed: Error: SMTP down');
    logged.mockRestore();
  });
});
