/** The part of an Express 5 router layer this file reads. */
export interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** 0 for a literal segment, 1 for a parameter (`:id`), 2 for a wildcard (`*path`, `{*path}`). */
function rank(segment: string): number {
  if (segment.includes('*')) return 2;
  return segment.includes(':') ? 1 : 0;
}

/** A path's segment ranks, which sort it among the routes it could overlap with. */
function ranks(path: string): number[] {
  return path.split('/').filter(Boolean).map(rank);
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! - b[i]!;
  }
  return 0;
}

/**
 * Orders the router's routes so that where two could match one path, the more literal wins:
 * PUT /user/account_name before PUT /user/:id, whatever order the modules registered them in
 * (docs/architecture.md, "Request pipeline"). Routes are compared segment by segment (literal,
 * then parameter, then wildcard) and otherwise keep their order; middleware layers keep their
 * places, the routes move only among the route slots.
 */
export function literalRoutesFirst(stack: RouteLayer[]): void {
  const slots = stack.flatMap((layer, index) => (layer.route ? [index] : []));
  const routes = slots
    .map((index) => stack[index]!)
    .sort((a, b) => compareRanks(ranks(a.route!.path), ranks(b.route!.path)));
  slots.forEach((index, i) => (stack[index] = routes[i]!));
}
