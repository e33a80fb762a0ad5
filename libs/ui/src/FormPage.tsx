import { Paper, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

export interface FormPageProps {
  title: string;
  onSubmit: () => void;
  children: ReactNode;
}

/** The centred card of the account forms (log-in, sign-up, passwords); Enter submits. */
export function FormPage({ title, onSubmit, children }: FormPageProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Paper component="form" onSubmit={submit} noValidate maw={440} mx="auto" my="xl" p="lg" withBorder>
      <Stack gap="sm">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Paper>
  );
}
