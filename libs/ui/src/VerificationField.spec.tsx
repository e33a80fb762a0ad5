import { MantineProvider } from '@mantine/core';
import { MSG } from '@sweepline/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { VerificationField, type VerificationFieldProps } from './VerificationField';

type Calls = Pick<VerificationFieldProps, 'loadChallenge' | 'confirm' | 'onFailure'>;

function Field(calls: Calls) {
  const [verified, setVerified] = useState(false);
  return (
    <MantineProvider env="test">
      <VerificationField {...calls} verified={verified} onVerifiedChange={setVerified} />
      <button onClick={() => setVerified(false)}>Start again</button>
    </MantineProvider>
  );
}

const robot = () => screen.findByRole('button', { name: "I'm not a robot" });

describe('VerificationField', () => {
  it('confirms the solved challenge with its signature, then shows Verified', async () => {
    const user = userEvent.setup();
    const confirm = jest.fn().mockResolvedValue(undefined);
    render(
      <Field loadChallenge={async () => ({ signature: 'sig-9' })} confirm={confirm} onFailure={jest.fn()} />,
    );
    await user.click(await robot());
    expect(await screen.findByText(MSG.verified)).toBeInTheDocument();
    const [ticket, randstr] = confirm.mock.calls[0] as [string, string];
    expect(randstr).toBe('sig-9');
    expect(JSON.parse(atob(ticket)).challenge).toEqual({ signature: 'sig-9' });
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect(await robot()).toBeInTheDocument();
  });

  it('reports a challenge that cannot be fetched, or a refused solution, and stays unverified', async () => {
    const user = userEvent.setup();
    const onFailure = jest.fn();
    const loadChallenge = jest
      .fn()
      .mockRejectedValueOnce(new Error('No internet'))
      .mockResolvedValue({ signature: 's' });
    const confirm = jest
      .fn()
      .mockRejectedValue(new Error('The verification has expired. Please verify again'));
    render(<Field loadChallenge={loadChallenge} confirm={confirm} onFailure={onFailure} />);
    await user.click(await robot());
    await waitFor(() => expect(onFailure).toHaveBeenCalledWith('No internet'));
    await user.click(await robot());
    await waitFor(() =>
      expect(onFailure).toHaveBeenLastCalledWith('The verification has expired. Please verify again'),
    );
    expect(screen.queryByText(MSG.verified)).not.toBeInTheDocument();
  });
});
