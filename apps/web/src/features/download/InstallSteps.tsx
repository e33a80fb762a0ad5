import { Anchor, Code, List, Tabs, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A command, kept on one line. */
function Cmd({ children }: { children: ReactNode }) {
  return <Code style={{ whiteSpace: 'nowrap' }}>{children}</Code>;
}

/** One lab PC system's steps: Node.js, the VISA library, the package, the first check. */
function Steps({
  system,
  node,
  install,
  visaUrl,
}: {
  system: string;
  node: string;
  install: string;
  visaUrl: string;
}) {
  return (
    <List type="ordered" spacing="xs" mt="sm" aria-label={`Install on ${system}`}>
      <List.Item>
        Install Node.js 20.19 or newer: {node} Check with <Cmd>node --version</Cmd>.
      </List.Item>
      <List.Item>
        For instruments on USB or GPIB, install the instrument vendor&apos;s VISA library (
        <Anchor href={visaUrl} target="_blank" rel="noreferrer">
          IO Libraries Suite 2019 or newer
        </Anchor>
        ) and check that the instrument appears in its connection tool. Instruments on the network (TCP port
        5025) need no VISA library.
      </List.Item>
      <List.Item>
        Install the downloaded runner package: <Cmd>{install}</Cmd>
      </List.Item>
      <List.Item>
        Log in with your Sweepline account: <Cmd>sweepline login</Cmd>
      </List.Item>
      <List.Item>
        Check the lab PC and its instruments: <Cmd>sweepline lab</Cmd>. It lists what it found and what is
        missing; fix what it reports before the first test run.
      </List.Item>
    </List>
  );
}

/** The install steps for Windows, Linux and macOS lab PCs. */
export function InstallSteps({ packageFile, visaUrl }: { packageFile: string; visaUrl: string }) {
  const install = `npm install --global ./${packageFile}`;
  return (
    <Tabs defaultValue="windows">
      <Tabs.List>
        <Tabs.Tab value="windows">Windows</Tabs.Tab>
        <Tabs.Tab value="linux">Linux</Tabs.Tab>
        <Tabs.Tab value="macos">macOS</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="windows">
        <Steps
          system="Windows"
          node="the Windows installer (.msi) from nodejs.org, Windows 10 or above."
          install={install}
          visaUrl={visaUrl}
        />
      </Tabs.Panel>
      <Tabs.Panel value="linux">
        <Steps
          system="Linux"
          node="your distribution's nodejs package if it is new enough, or the binaries from nodejs.org."
          install={`sudo ${install}`}
          visaUrl={visaUrl}
        />
      </Tabs.Panel>
      <Tabs.Panel value="macos">
        <Steps
          system="macOS"
          node="the macOS installer (.pkg) from nodejs.org."
          install={install}
          visaUrl={visaUrl}
        />
      </Tabs.Panel>
      <Text size="sm" c="dimmed" mt="xs">
        The runner keeps results in a queue while the network is down and uploads them later.
      </Text>
    </Tabs>
  );
}
