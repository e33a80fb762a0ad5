import { Button, MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { OnDemandModal } from './OnDemandModal';

/** A screen with a button that opens a dialog, as the screens draw theirs. */
function Screen() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Add</Button>
      <OnDemandModal opened={opened} onClose={() => setOpened(false)} title="Add Serial Number">
        <Button onClick={() => setOpened(false)}>Done</Button>
      </OnDemandModal>
    </>
  );
}

// Mantine's own environment, not its test one: that one draws no portals
const renderScreen = () =>
  render(
    <MantineProvider>
      <Screen />
    </MantineProvider>,
  );

describe('OnDemandModal', () => {
  it('draws nothing, not even its portal, until it first opens', () => {
    renderScreen();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.querySelector('[data-portal]')).toBeNull();
  });

  it('opens, closes, and gives the focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    renderScreen();
    const add = screen.getByRole('button', { name: 'Add' });
    await user.click(add);
    expect(await screen.findByRole('dialog', { name: 'Add Serial Number' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Mantine notes the element to return to when `opened` changes: mounting it opened would not
    await waitFor(() => expect(add).toHaveFocus());
  });

  it('stays mounted once opened, so it opens again', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.querySelector('[data-portal]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('dialog', { name: 'Add Serial Number' })).toBeInTheDocument();
  });
});
