// Browser APIs jsdom lacks and Mantine needs (shared/STACK.md, "Jest").
import '@testing-library/jest-dom';
import { notifications } from '@mantine/notifications';
import { act, configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default; a screen's first render under a loaded 2-core
// machine (CI beside the other projects' runs) can take longer, which is load, not a failure
configure({ asyncUtilTimeout: 5_000 });

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }),
});

window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

HTMLElement.prototype.scrollIntoView = () => {};

// Mantine keeps notifications in a global store: each test starts with none.
afterEach(() => act(() => notifications.clean()));
