/**
 * SCPI command headers as instruments parse them: nodes separated by ':', each matched by its
 * short form (the capitals of the manual's spelling, `FREQ`) or its long form (`FREQUENCY`),
 * in any letter case, with an optional numeric suffix (`CALC2`, `MARK10`; 1 when left out).
 * Patterns are written as the manuals write them: `SENSe#:FREQuency:STARt?`, where `#` marks
 * a node that takes a suffix and a trailing `?` a query.
 */
export interface PatternNode {
  readonly short: string;
  readonly long: string;
  readonly suffix: boolean;
}

export interface HeaderPattern {
  readonly nodes: readonly PatternNode[];
  readonly query: boolean;
}

export interface ParsedHeader {
  readonly nodes: readonly { readonly name: string; readonly suffix: number | undefined }[];
  readonly query: boolean;
}

export function compilePattern(pattern: string): HeaderPattern {
  const query = pattern.endsWith('?');
  const body = (query ? pattern.slice(0, -1) : pattern).replace(/^:/, '');
  const nodes = body.split(':').map((node) => {
    const suffix = node.endsWith('#');
    const word = suffix ? node.slice(0, -1) : node;
    return { short: word.replace(/[a-z]/g, ''), long: word.toUpperCase(), suffix };
  });
  return { nodes, query };
}

/** Splits `:CALC2:MARK3:X?` into nodes; undefined for text that cannot be a header. */
export function parseHeader(header: string): ParsedHeader | undefined {
  const query = header.endsWith('?');
  const body = (query ? header.slice(0, -1) : header).replace(/^:/, '');
  if (body === '') return undefined;
  const nodes = [];
  for (const node of body.split(':')) {
    // `S2P` is a name with a digit inside, `CALC12` a name and a suffix.
    const match = /^(\*?[A-Z][A-Z0-9_]*?)(\d*)$/i.exec(node);
    if (!match) return undefined;
    const name = (match[1] as string).toUpperCase();
    const digits = match[2] as string;
    nodes.push({ name, suffix: digits === '' ? undefined : Number(digits) });
  }
  return { nodes, query };
}

/** The suffixes of the pattern's `#` nodes (1 where left out), or undefined when it does not match. */
export function matchHeader(pattern: HeaderPattern, header: ParsedHeader): number[] | undefined {
  if (pattern.query !== header.query || pattern.nodes.length !== header.nodes.length) return undefined;
  const suffixes: number[] = [];
  for (let i = 0; i < pattern.nodes.length; i++) {
    const want = pattern.nodes[i] as PatternNode;
    const got = header.nodes[i] as ParsedHeader['nodes'][number];
    const name = matchName(want, got.name, got.suffix);
    if (name === undefined) return undefined;
    if (want.suffix) suffixes.push(name);
  }
  return suffixes;
}

/** A node's suffix (1 when left out) if its name matches; a mnemonic ending in digits is tried whole too. */
function matchName(want: PatternNode, name: string, suffix: number | undefined): number | undefined {
  if (name === want.short || name === want.long) {
    if (suffix === undefined) return 1;
    return want.suffix ? suffix : undefined;
  }
  const whole = suffix === undefined ? name : `${name}${suffix}`;
  if (!want.suffix && (whole === want.short || whole === want.long)) return 1;
  return undefined;
}

/** Splits a line into commands at ';' outside quotes; each keeps its own header and arguments. */
export function splitCommands(line: string): string[] {
  return splitOutsideQuotes(line, ';')
    .map((command) => command.trim())
    .filter((command) => command !== '');
}

/** Splits at `separator` where it is not inside '…' or "…". */
export function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
