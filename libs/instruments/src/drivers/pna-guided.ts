import type { ScpiSession } from '../transport/scpi-session';
import { writeEach } from './na-hooks';
import type { CalibrationRequest, CalibrationStandard } from './network-analyzer';
import { queryInteger, scpiString } from './replies';

/**
 * The PNA's guided calibration (INSTRUMENTS.md section 2, [M]): connector and kit per port,
 * then the instrument lists the steps (`GUID:STEP?`) and describes each connection
 * (`GUID:DESC? n`); the operator is shown the instrument's own words.
 */
export async function guidedCalibration(
  session: ScpiSession,
  c: number,
  request: CalibrationRequest,
  timeoutMs: number,
): Promise<void> {
  const base = `SENS${c}:CORR:COLL:GUID`;
  await writeEach(session, [
    ...request.ports.flatMap((p) => [
      `${base}:CONN:PORT${p} ${scpiString(request.connector ?? 'APC 3.5 female')}`,
      `${base}:CKIT:PORT${p} ${scpiString(request.calKit ?? '85052D')}`,
    ]),
    `${base}:INIT`,
  ]);
  const count = await queryInteger(session, `${base}:STEP?`, 1, 100);
  for (let index = 1; index <= count; index++) {
    const prompt = (await session.query(`${base}:DESC? ${index}`)).replace(/^"(.*)"$/, '$1');
    const standard = (/\b(OPEN|SHORT|LOAD|THRU)\b/i.exec(prompt)?.[1]?.toUpperCase() ??
      'OTHER') as CalibrationStandard;
    const ports = [...prompt.matchAll(/port (\d)/gi)].map((match) => Number(match[1]));
    await request.onStep({ index, count, standard, ports, prompt });
    await session.writeAndWait(`${base}:ACQ STAN${index}`, { timeoutMs });
  }
  await session.write(`${base}:SAVE`);
}
