import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { GrowingTextarea } from './GrowingTextarea';

/** The browser's answer to `CSS.supports('field-sizing', 'content')`. */
function browserGrowsFields(supported: boolean): void {
  const supports = (property: string, value: string) =>
    supported && property === 'field-sizing' && value === 'content';
  Object.defineProperty(globalThis, 'CSS', { value: { supports }, configurable: true });
}

function renderField() {
  render(
    <MantineProvider>
      <GrowingTextarea label="Prompt" minRows={3} defaultValue="Connect the antenna to port 1" />
    </MantineProvider>,
  );
  return screen.getByRole('textbox', { name: 'Prompt' });
}

describe('GrowingTextarea', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'CSS');
  });

  it('grows by CSS from its rows where the browser can, without measuring itself', () => {
    browserGrowsFields(true);
    const field = renderField();
    expect(field.style.minHeight).toContain('3lh');
    expect(field).not.toHaveAttribute('data-no-overflow');
  });

  it("falls back to Mantine's autosize elsewhere", () => {
    browserGrowsFields(false);
    const field = renderField();
    expect(field.style.minHeight).not.toContain('lh');
    // Mantine marks the field it sizes itself
    expect(field).toHaveAttribute('data-no-overflow', 'true');
  });
});
