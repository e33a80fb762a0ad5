// Browser APIs jsdom lacks and Mantine needs (shared/STACK.md, "Jest").
import '@testing-library/jest-dom';
import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';

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
