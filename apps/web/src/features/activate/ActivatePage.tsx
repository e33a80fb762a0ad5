import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { reportFailure } from '../../app/api-client';
import { useActivate } from '../../app/useIdentityCalls';
import { TEXTS } from '../../app/texts';

type State = { done: 'activated' } | { done: 'failed'; message: string } | undefined;

/**
 * The sign-up mail's link, /activate?email=&code= (docs/requirements/identity.md#e-mail). Activation waits for a
 * click: the code is single-use, and mail scanners that open links must not spend it.
 */
export function ActivatePage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const code = params.get('code') ?? '';
  const [state, setState] = useState<State>();
  const callActivate = useActivate();

  const activate = async () => {
    try {
      await callActivate(email, code);
      setState({ done: 'activated' });
    } catch (error) {
      reportFailure(error, (message) => setState({ done: 'failed', message }));
    }
  };

  return (
    <Paper maw={440} mx="auto" my="xl" p="lg" withBorder>
      <Stack gap="sm">
        <Title order={1}>Activate Account</Title>
        <Text>{email}</Text>
        {state === undefined && <Button onClick={() => void activate()}>Activate</Button>}
        {state?.done === 'activated' && (
          <>
            <Alert color="teal">{TEXTS.activated}</Alert>
            <Button component={Link} to="/login">
              Log In
            </Button>
          </>
        )}
        {state?.done === 'failed' && (
          <Alert color="red" title={TEXTS.activationFailed}>
            {state.message}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
