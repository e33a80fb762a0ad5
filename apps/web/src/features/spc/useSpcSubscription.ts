import { useState } from 'react';
import { reportFailure } from '../../app/api-client';
import { useServerData } from '../../app/useServerData';
import { spcApi } from './spc.api';

/**
 * The caller's SPC alarm mail for a product (GET, PUT, DELETE /spc/subscriptions/:productId):
 * read when the product is picked, switched by PUT or DELETE, the answer laid over what shows.
 */
export function useSpcSubscription(productId: number | undefined) {
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const current = useServerData(
    ['spc/subscription', productId],
    productId === undefined ? undefined : () => spcApi.subscription(productId),
    { onError: setError },
  );

  const setSubscribed = async (subscribed: boolean) => {
    if (productId === undefined) return;
    setSaving(true);
    setError(undefined);
    try {
      const answer = await spcApi.setSubscribed(productId, subscribed);
      current.setData(() => answer);
    } catch (failure) {
      reportFailure(failure, setError);
    } finally {
      setSaving(false);
    }
  };

  // an answer for another product (the pick moved on while it was asked) is not shown
  const data = current.data?.productId === productId ? current.data : undefined;
  return { subscribed: data?.subscribed, loading: current.loading || saving, error, setSubscribed };
}
