import { ActionId, defaultCalibration, defaultParam, getAction } from '@sweepline/domain';

/**
 * A product whose test the ENA simulator's default filter passes (885-915 MHz pass band on
 * ports 1-2), made through the editor's calls with the manager's session: a heading, the
 * insertion loss, a delay (so the board has time to show the test under way) and the return loss.
 */
const PASS_BAND = {
  calId: 1,
  sParam: 'S21',
  startFreq_MHz: 885,
  stopFreq_MHz: 915,
  lower: null,
  upper: null,
};
const STEPS: { action: ActionId; name: string; param: Record<string, unknown> }[] = [
  { action: ActionId.Header, name: 'Heading', param: { value: 'Filter F-900' } },
  { action: ActionId.InsertionLossMax, name: 'IL max', param: { ...PASS_BAND, title: 'IL max', upper: 3 } },
  { action: ActionId.Delay, name: 'Settle', param: { value: 2 } },
  {
    action: ActionId.ReturnLoss,
    name: 'RL',
    param: { ...PASS_BAND, sParam: 'S11', startFreq_MHz: 890, stopFreq_MHz: 910, title: 'RL', lower: 10 },
  },
];

export async function makeFloorProduct(server: string, session: string, name: string, sns: string[]) {
  const call = async <T>(method: string, path: string, body: unknown): Promise<T> => {
    const reply = await fetch(`${server}/webcyc/api${path}`, {
      method,
      headers: { 'x-auth-token': session, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await reply.json()) as { status: number; msg: string; data: T };
    if (json.status !== 1) throw new Error(`${method} ${path}: ${json.msg}`);
    return json.data;
  };
  const product = await call<{ id: number }>('POST', '/product', { name });
  const seq = await call<{ id: number }>('POST', '/seq', {
    product_id: product.id,
    name: 'Final',
    current_seq_id: -1,
  });
  const cal = { ...defaultCalibration(1, 2, '1-2'), startFreq_MHz: 800, stopFreq_MHz: 1000, freqPoints: 201 };
  await call('POST', `/seq/cals/${seq.id}`, { cals: [cal] });
  let after = -1;
  for (const step of STEPS) {
    const added = await call<{ steps: { id: number }[] }>('POST', '/step', {
      seq_id: seq.id,
      instrument_id: getAction(step.action).instrumentId,
      action_id: step.action,
      is_default_name: false,
      name: step.name,
      after_step_id: after,
    });
    after = Math.max(...added.steps.map((s) => s.id));
    await call('PUT', `/step/param/${after}`, {
      param: { ...(defaultParam(step.action) as object), ...step.param },
    });
  }
  await call('POST', '/sn', { product_id: product.id, sn_array: sns });
  const token = await call<{ token: string }>('POST', '/user/api_tokens', { name: 'Lab PC', role: 2 });
  return { token: token.token };
}
