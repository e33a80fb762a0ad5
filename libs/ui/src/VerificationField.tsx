import { Input, Text } from '@mantine/core';
import { MSG, type Challenge } from '@sweepline/domain';
import { useEffect, useRef } from 'react';

/** The part of the altcha widget element this field uses. */
interface AltchaWidget extends HTMLElement {
  configure(config: { challenge: string; fetch: (url: string) => Promise<Response> }): Promise<void>;
  reset(): void;
}

export interface VerificationFieldProps {
  /** The challenge of GET /captcha/challenge, fetched with the app's client (its signature is the randstr). */
  loadChallenge: () => Promise<Pick<Challenge, 'signature'>>;
  /** POST /captcha {ticket, randstr}: rejects with the message to show. */
  confirm: (ticket: string, randstr: string) => Promise<void>;
  verified: boolean;
  onVerifiedChange: (verified: boolean) => void;
  onFailure: (message: string) => void;
  error?: string;
}

/**
 * The human verification of the log-in, sign-up and forgotten-password forms (docs/requirements/identity.md#human-verification: a
 * self-hosted ALTCHA proof of work instead of the spec's slider). It starts unverified, shows
 * 'Verified' once the server accepted the solution, and a parent resets it by setting `verified`
 * back to false, which mounts a fresh widget (docs/requirements/shell-and-navigation.md#loading-overlay).
 */
export function VerificationField(props: VerificationFieldProps) {
  const { verified, error } = props;
  return (
    <Input.Wrapper label="Verification" error={error} required>
      {verified ? (
        <Text c="teal" fw={600} py={4} aria-live="polite">
          {MSG.verified}
        </Text>
      ) : (
        <AltchaHost {...props} />
      )}
    </Input.Wrapper>
  );
}

function AltchaHost({ loadChallenge, confirm, onVerifiedChange, onFailure }: VerificationFieldProps) {
  const host = useRef<HTMLDivElement>(null);
  // the latest callbacks, so the widget, made once, always calls the current ones
  const calls = useRef({ loadChallenge, confirm, onVerifiedChange, onFailure });
  calls.current = { loadChallenge, confirm, onVerifiedChange, onFailure };

  useEffect(() => {
    let live = true;
    let signature = '';
    const widget = document.createElement('altcha-widget') as AltchaWidget;
    const onVerified = (event: Event) => {
      const { payload } = (event as CustomEvent<{ payload: string }>).detail;
      calls.current.confirm(payload, signature).then(
        () => live && calls.current.onVerifiedChange(true),
        (failure: Error) => {
          if (!live) return;
          widget.reset();
          calls.current.onFailure(failure.message);
        },
      );
    };
    widget.addEventListener('verified', onVerified);
    host.current?.append(widget);
    // altcha registers its element on import; loaded here so pages without the field skip it.
    // A field gone before the import ends holds a widget that was never upgraded: nothing to set.
    void import('altcha').then(() => {
      if (!live) return;
      void widget.configure({
        // a name, not an address: the widget hands it to `fetch`, which asks the app's client
        challenge: 'challenge',
        fetch: async () => {
          try {
            const challenge = await calls.current.loadChallenge();
            signature = challenge.signature;
            return new Response(JSON.stringify(challenge), {
              headers: { 'content-type': 'application/json' },
            });
          } catch (failure) {
            if (live) calls.current.onFailure((failure as Error).message);
            throw failure;
          }
        },
      });
    });
    return () => {
      live = false;
      widget.removeEventListener('verified', onVerified);
      widget.remove();
    };
  }, []);

  return <div ref={host} />;
}
