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

/**
 * The first NUL or prototype key in `value`, or undefined. Iterative, so no depth of nesting can
 * overflow the stack; a parsed body is bounded in depth anyway (json-depth.ts).
 */
export function findHostilePart(value: unknown): HostilePart | undefined {
  if (typeof value === 'string') return hasNul(value) ? { path: [], kind: 'nul' } : undefined;
  if (!isContainer(value)) return undefined;
  const stack: { node: Container; path: (string | number)[] }[] = [{ node: value, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    const nested: typeof stack = [];
    const visit = (key: string | number, child: unknown): HostilePart | undefined => {
      if (typeof child === 'string' && hasNul(child)) return { path: [...path, key], kind: 'nul' };
      if (isContainer(child)) nested.push({ node: child, path: [...path, key] });
      return undefined;
    };
    if (Array.isArray(node)) {
      // a trace's 20,001 numbers are read by index, without a key string each
      for (let i = 0; i < node.length; i++) {
        const found = visit(i, node[i]);
        if (found) return found;
      }
    } else {
      for (const key of Object.keys(node)) {
        if (PROTOTYPE_KEYS.has(key)) return { path: [...path, key], kind: 'prototypeKey' };
        if (hasNul(key)) return { path: [...path, key], kind: 'nul' };
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
