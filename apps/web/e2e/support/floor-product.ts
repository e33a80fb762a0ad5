import { ActionId } from '@sweepline/domain';
import { apiCaller, FILTER_PASS_BAND, makeTestProduct, type StepSpec } from '@sweepline/testing';

/**
 * A product whose test the ENA simulator's default filter passes (885-915 MHz pass band on
 * ports 1-2), made through the editor's calls with the manager's session: a heading, the
 * insertion loss, a delay (so the board has time to show the test under way) and the return loss.
 */
const STEPS: StepSpec[] = [
  { action: ActionId.Header, name: 'Heading', param: () => ({ value: 'Filter F-900' }) },
  {
    action: ActionId.InsertionLossMax,
    name: 'IL max',
    param: () => ({ ...FILTER_PASS_BAND, title: 'IL max', upper: 3 }),
  },
  { action: ActionId.Delay, name: 'Settle', param: () => ({ value: 2 }) },
  {
    action: ActionId.ReturnLoss,
    name: 'RL',
    param: () => ({
      ...FILTER_PASS_BAND,
      sParam: 'S11',
      startFreq_MHz: 890,
      stopFreq_MHz: 910,
      title: 'RL',
      lower: 10,
    }),
  },
];

/** The product, its serial numbers `sns`, and an operator's API token for the lab PC. */
export async function makeFloorProduct(server: string, session: string, name: string, sns: string[]) {
  const call = apiCaller(server, { 'x-auth-token': session });
  await makeTestProduct(call, name, STEPS, sns);
  const token = await call<{ token: string }>('POST', '/user/api_tokens', { name: 'Lab PC', role: 2 });
  return { token: token.token };
}
