import type { ReactNode } from 'react';

/** Small line icons for toolbars (24-unit view box, current colour); no icon font is loaded. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      {children}
    </svg>
  );
}

export const ToolIcons = {
  add: (
    <Icon>
      <path d="M12 5v14M5 12h14" />
    </Icon>
  ),
  edit: (
    <Icon>
      <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" />
    </Icon>
  ),
  rename: (
    <Icon>
      <path d="M4 7V5h10v2M9 5v14M7 19h4M14 13h6M17 13v6" />
    </Icon>
  ),
  info: (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v6M12 7.5v.5" />
    </Icon>
  ),
  remove: (
    <Icon>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </Icon>
  ),
  copy: (
    <Icon>
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3" />
    </Icon>
  ),
  paste: (
    <Icon>
      <path d="M9 4h6v3H9zM9 5H6v15h12V5h-3" />
    </Icon>
  ),
  up: (
    <Icon>
      <path d="M12 19V5M6 11l6-6 6 6" />
    </Icon>
  ),
  down: (
    <Icon>
      <path d="M12 5v14M6 13l6 6 6-6" />
    </Icon>
  ),
  order: (
    <Icon>
      <path d="M4 6h10M4 12h10M4 18h10M18 4v16M15 17l3 3 3-3" />
    </Icon>
  ),
  calibrate: (
    <Icon>
      <path d="M3 17c3-10 6-10 9 0s6 10 9 0" />
    </Icon>
  ),
} as const;
