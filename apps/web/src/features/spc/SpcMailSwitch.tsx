import { Switch } from '@mantine/core';
import { useSpcSubscription } from './useSpcSubscription';

/**
 * "Mail me SPC alarms of this product" (issue 41, docs/web.md "SPC alarms"), under the product
 * picked on the Products screen, for every member: a mail when an alarm of its steps opens.
 */
export function SpcMailSwitch({ productId }: { productId: number }) {
  const mail = useSpcSubscription(productId);
  return (
    <Switch
      size="sm"
      label="Mail me SPC alarms of this product"
      description="A mail when one of its steps opens an alarm"
      checked={mail.subscribed ?? false}
      disabled={mail.subscribed === undefined || mail.loading}
      onChange={(event) => void mail.setSubscribed(event.currentTarget.checked)}
      error={mail.error}
    />
  );
}
