/**
 * What no request may carry, wherever it stands in a body, a query or a path (docs/api.md, "What a
 * body may hold"): the NUL character, which PostgreSQL cannot store in text or jsonb and would
 * answer with an error, and the keys that name JavaScript's prototype machinery, which are no
 * field of any shape and are refused as any unknown field is.
 */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const NUL_MSG = 'A text may not hold the NUL character (U+0000)';

/** Where the bad part is (keys and indices from the root), and what it is. */
export interface HostilePart {
  path: (string | number)[];
  kind: 'nul' | 'prototypeKey';
}

type Container = Record<string, unknown> | unknown[];

const hasNul = (text: string) => text.includes('\u0000');

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);
}

/** A container still to look into, with the way to it kept as a link to its parent's. */
interface Pending {
  node: Container;
  parent?: Pending;
  key?: string | number;
}

/** The keys from the root to `key` under `at`, built only once something is found. */
function pathTo(at: Pending, key: string | number): (string | number)[] {
  const path = [key];
  for (let step: Pending | undefined = at; step?.parent; step = step.parent) path.push(step.key!);
  return path.reverse();
}

/**
 * The first NUL or prototype key in `value`, or undefined. Iterative, so no depth of nesting can
 * overflow the stack; a parsed body is bounded in depth anyway (json-depth.ts). Paths are links,
 * not copies, so the walk stays linear at any depth.
 */
export function findHostilePart(value: unknown): HostilePart | undefined {
  if (typeof value === 'string') return hasNul(value) ? { path: [], kind: 'nul' } : undefined;
  if (!isContainer(value)) return undefined;
  const stack: Pending[] = [{ node: value }];
  while (stack.length > 0) {
    const at = stack.pop()!;
    const nested: Pending[] = [];
    const visit = (key: string | number, child: unknown): HostilePart | undefined => {
      if (typeof child === 'string' && hasNul(child)) return { path: pathTo(at, key), kind: 'nul' };
      if (isContainer(child)) nested.push({ node: child, parent: at, key });
      return undefined;
    };
    const { node } = at;
    if (Array.isArray(node)) {
      // a trace's 20,001 numbers are read by index, without a key string each
      for (let i = 0; i < node.length; i++) {
        const found = visit(i, node[i]);
        if (found) return found;
      }
    } else {
      for (const key of Object.keys(node)) {
        if (PROTOTYPE_KEYS.has(key)) return { path: pathTo(at, key), kind: 'prototypeKey' };
        if (hasNul(key)) return { path: pathTo(at, key), kind: 'nul' };
        const found = visit(key, node[key]);
        if (found) return found;
      }
    }
    // the first child is looked into first
    for (let i = nested.length - 1; i >= 0; i--) stack.push(nested[i]!);
  }
  return undefined;
}

/** The refusal for a hostile part, its field named as `field` prints the path. */
export function hostileMessage(part: HostilePart, field: string): string {
  if (part.kind === 'nul') return `${field}: ${NUL_MSG}`;
  return `${field}: property ${String(part.path[part.path.length - 1])} should not exist`;
}

/** A path as the run upload's refusals print it: `steps[3].title`. */
export function bracketPath(path: readonly (string | number)[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`)).join('');
}
