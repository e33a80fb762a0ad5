import { Paper, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

export interface FormPageProps {
  title: string;
  /** May be async: its errors are its own to show (useFormResult, notifications). */
  onSubmit: () => void | Promise<void>;
  children: ReactNode;
}

/** The centred card of the account forms (log-in, sign-up, passwords); Enter submits. */
export function FormPage({ title, onSubmit, children }: FormPageProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
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
