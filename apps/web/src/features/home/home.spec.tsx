import { screen, within } from '@testing-library/react';
import { at, renderApp } from '../../../test/render';
import { FEATURE_BLOCKS } from './feature-blocks';

describe('home page (docs/requirements/download-and-site.md#home-page)', () => {
  it('shows the headline and the seven feature blocks in order', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Online RF production testing',
    );
    const blocks = screen.getAllByRole('region');
    expect(blocks.map((block) => within(block).getByRole('heading').textContent)).toEqual([
      'Save Costs',
      'Simple to Use',
      'Run Anywhere Anytime',
      'Reporting',
      'Process Control',
      'User Management',
      'Data Security Guarantee',
    ]);
    expect(FEATURE_BLOCKS.every((block) => block.text.length > 0)).toBe(true);
  });

  it('notes the supported analyzers and links to the FAQ', async () => {
    const { user, router } = renderApp('/');
    expect(
      await screen.findByText(/All mainstream network analyzer and PIM analyzer models are supported/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(at(router)).toBe('/guide/faq');
  });
});
