import { Box, Input } from '@mantine/core';
import { MSG } from '@sweepline/domain';
import { VerificationField, notifyError, type FormState } from '@sweepline/ui';
import { useEffect, useRef, useState } from 'react';
import { useVerification } from './useIdentityCalls';

/** The values of a form that asks for the human verification (log-in, sign-up, forgotten password). */
export interface VerifiedValues {
  verified: boolean;
}

/** The form rule: the API refuses these calls without a fresh verification (docs/api/identity.md). */
export const verifiedRule = (verified: boolean): string | undefined =>
  verified ? undefined : MSG.completeVerification;

/**
 * What says someone is using the form: a field focused (a tab, a tap, a click) or the pointer
 * over it. A mouse reaches the form before it reaches the widget, so the widget is there by then.
 */
export const FORM_USE_EVENTS = ['focusin', 'pointerover', 'keydown'] as const;

/** The altcha widget's height (its box of checkbox, label and logo), held before it loads. */
const WIDGET_HEIGHT_PX = 75;

/**
 * The form's verification field, fetching and confirming its challenge through the app's client.
 * The widget (altcha, 31 KiB brotli, a third of the sign-in screen's budget) loads when the form
 * is first used rather than with the page (docs/web.md, "First load"): until then the field holds
 * the widget's place, so nothing moves when it comes.
 */
export function AppVerificationField<V extends VerifiedValues>({ form }: { form: FormState<V> }) {
  const verification = useVerification();
  const [inUse, setInUse] = useState(false);
  if (!inUse) return <WidgetPlace error={form.errors.verified} onFormUsed={() => setInUse(true)} />;
  return (
    <VerificationField
      verified={form.values.verified}
      onVerifiedChange={(verified) => form.set('verified', verified as V['verified'])}
      error={form.errors.verified}
      loadChallenge={verification.challenge}
      confirm={async (ticket, randstr) => {
        await verification.verify(ticket, randstr);
      }}
      onFailure={notifyError}
    />
  );
}

/** The field's label and error around an empty box of the widget's size, until the form is used. */
function WidgetPlace({ error, onFormUsed }: { error?: string; onFormUsed: () => void }) {
  const place = useRef<HTMLDivElement>(null);
  const used = useRef(onFormUsed);
  used.current = onFormUsed;

  useEffect(() => {
    const form = place.current?.closest('form');
    // outside a form there is no use to wait for
    if (!form) return used.current();
    const use = () => used.current();
    for (const type of FORM_USE_EVENTS) form.addEventListener(type, use);
    return () => {
      for (const type of FORM_USE_EVENTS) form.removeEventListener(type, use);
    };
  }, []);

  return (
    <Input.Wrapper label="Verification" error={error} required>
      <Box
        ref={place}
        h={WIDGET_HEIGHT_PX}
        bd="1px solid var(--mantine-color-default-border)"
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        aria-hidden
      />
    </Input.Wrapper>
  );
}
