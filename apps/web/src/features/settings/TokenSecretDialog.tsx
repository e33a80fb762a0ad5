import type { CreatedApiToken } from '@sweepline/domain';
import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

/** The new token's secret, shown this once (docs/api/accounts.md: only its hash is kept). */
export function TokenSecretDialog({ token, onClose }: { token: CreatedApiToken; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={`API token ${token.name}`} centered closeOnClickOutside={false}>
      <Stack>
        <Text>Copy the token now: it is not shown again. Scripts send it in the x-auth-token header.</Text>
        <Code block aria-label="API token secret" style={{ wordBreak: 'break-all' }}>
          {token.token}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={token.token}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
