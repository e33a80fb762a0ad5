import { splitOutsideQuotes } from './header';
import { SIM_ERRORS } from './sim-error';

/**
 * Parameters of a SCPI command, checked as an instrument checks them: the wrong count is -108 or
 * -109, a non-number -104, a value outside the instrument's range -222, an unknown choice -224.
 */
const UNIT_SCALE: Readonly<Record<string, number>> = {
  '': 1,
  HZ: 1,
  KHZ: 1e3,
  MHZ: 1e6,
  GHZ: 1e9,
  S: 1,
  MS: 1e-3,
  US: 1e-6,
  NS: 1e-9,
  PS: 1e-12,
  DB: 1,
  DBM: 1,
  PCT: 1,
};
const NUMBER = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:E[+-]?\d+)?)\s*([A-Z]*)$/i;

export class Args {
  readonly items: readonly string[];

  constructor(text: string) {
    this.items = text.trim() === '' ? [] : splitOutsideQuotes(text, ',').map((item) => item.trim());
  }

  get count(): number {
    return this.items.length;
  }

  /** Exactly `min`..`max` parameters. */
  expect(min: number, max = min): this {
    if (this.items.length < min) throw SIM_ERRORS.missingParameter();
    if (this.items.length > max) throw SIM_ERRORS.parameterNotAllowed();
    return this;
  }

  raw(index: number): string {
    const item = this.items[index];
    if (item === undefined) throw SIM_ERRORS.missingParameter();
    return item;
  }

  /** A decimal number (units such as MHz or ns allowed) within [min, max]. */
  number(index: number, min = -Infinity, max = Infinity): number {
    const match = NUMBER.exec(this.raw(index));
    const unit = match ? UNIT_SCALE[(match[2] as string).toUpperCase()] : undefined;
    if (!match || unit === undefined) throw SIM_ERRORS.dataType();
    const value = Number(match[1]) * unit;
    if (!(value >= min && value <= max)) throw SIM_ERRORS.outOfRange(`${value} is outside ${min}…${max}`);
    return value;
  }

  integer(index: number, min: number, max: number): number {
    const value = this.number(index, min, max);
    if (!Number.isInteger(value)) throw SIM_ERRORS.dataType();
    return value;
  }

  /** ON, OFF, 1 or 0. */
  boolean(index: number): boolean {
    const value = this.raw(index).toUpperCase();
    if (value === 'ON' || value === '1') return true;
    if (value === 'OFF' || value === '0') return false;
    throw SIM_ERRORS.illegalValue();
  }

  /** One of `choices` (written as the manuals write them, `MLOGarithmic`); returns its short form. */
  choice<T extends string>(index: number, choices: readonly T[]): string {
    const value = this.raw(index).toUpperCase();
    for (const choice of choices) {
      const short = choice.replace(/[a-z]/g, '');
      if (value === short || value === choice.toUpperCase()) return short;
    }
    throw SIM_ERRORS.illegalValue();
  }

  /** A string parameter, quoted ('…' or "…") or not. */
  string(index: number): string {
    const value = this.raw(index);
    const quoted = /^'(.*)'$/s.exec(value) ?? /^"(.*)"$/s.exec(value);
    return quoted ? (quoted[1] as string) : value;
  }

  /** Test ports in parameters from..to-1, such as `1,2` or one quoted `'1,2'`; each 1..ports. */
  portList(from: number, ports: number, to = this.items.length): number[] {
    const items = this.items.slice(from, to).flatMap((item) => this.unquote(item).split(','));
    if (items.length === 0) throw SIM_ERRORS.missingParameter();
    const list = items.map((item) => Number(item.trim()));
    if (list.some((p) => !Number.isInteger(p))) throw SIM_ERRORS.dataType();
    if (list.some((p) => p < 1 || p > ports) || new Set(list).size !== list.length) {
      throw SIM_ERRORS.outOfRange(`ports must be distinct, 1…${ports}`);
    }
    return list;
  }

  private unquote(item: string): string {
    return item.replace(/^(['"])(.*)\1$/s, '$2');
  }
}
