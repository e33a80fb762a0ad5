import { endpoints, type ClientQuery, type FreezeLimitsBody, type SpcAlarmsQuery } from '@sweepline/domain';
import { api } from '../../app/api-client';

const { spc } = endpoints;

/** Production SPC's calls (docs/api/spc.md): frozen limits, the alarms list, the product's alarm mail. */
export const spcApi = {
  alarms: (query: ClientQuery<SpcAlarmsQuery>) => api.call(spc.alarms, { query }),
  acknowledge: (alarmId: number, note: string) =>
    api.call(spc.acknowledge, { params: { alarmId }, body: { note } }),
  limits: (seqId: number, step: string) => api.call(spc.limits, { query: { seq_id: seqId, step } }),
  freeze: (body: FreezeLimitsBody) => api.call(spc.freeze, { body }),
  subscription: (productId: number) => api.call(spc.subscription, { params: { productId } }),
  setSubscribed: (productId: number, subscribed: boolean) =>
    api.call(subscribed ? spc.subscribe : spc.unsubscribe, { params: { productId } }),
};
