import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { addUser } from '../accounts/testing/settings-api';
import { createManager } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { HIDDEN_CODE } from '../common/log-redaction';

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Issue 42: the outbox holds live links, so it is the server user's alone, and the log holds no code. */
describeEachDatabase('the mail outbox', (t) => {
  afterEach(() => jest.restoreAllMocks());

  it('is owner-only, even when an older version made it 0755, and so is each mail', async () => {
    mkdirSync(t().config.outboxDir, { recursive: true, mode: 0o755 });
    expect(modeOf(t().config.outboxDir)).toBe(0o755);
    await addUser(t, (await createManager(t())).token);
    expect(modeOf(t().config.outboxDir)).toBe(0o700);
    const files = readdirSync(t().config.outboxDir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(modeOf(join(t().config.outboxDir, file))).toBe(0o600);
  });

  it('logs where a mail went and its link without the code', async () => {
    const logged = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const user = await addUser(t, (await createManager(t())).token);
    const lines = logged.mock.calls.map(([message]) => String(message)).filter((m) => m.includes(user.email));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`/ResetPass?email=${encodeURIComponent(user.email)}&code=${HIDDEN_CODE}`);
    expect(lines[0]).toContain(t().config.outboxDir);
  });
});
