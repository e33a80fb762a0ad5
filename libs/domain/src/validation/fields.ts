/**
 * Small field checks shared by the dialogs and the step parameters. Each answers the message of
 * the first rule the value breaks, or undefined. Values are `unknown` because the API checks
 * JSON from requests with the same functions the editor uses.
 */
import { MSG } from '../limits/messages';
import { nameError, textLength } from './name';
import { VMSG } from './messages';

/** One message on one field, the field named by its wire path ('channelArray[0].div'). */
export interface FieldError {
  field: string;
  message: string;
}

/** A rule on a number already known to be a finite number. */
export type NumberRule = (value: number) => string | undefined;

export const integer: NumberRule = (v) => (Number.isInteger(v) ? undefined : VMSG.mustBeInteger);

export const atLeast =
  (min: number): NumberRule =>
  (v) =>
    v >= min ? undefined : VMSG.atLeast(min);

export const atMost =
  (max: number): NumberRule =>
  (v) =>
    v <= max ? undefined : VMSG.atMost(max);

export const greaterThan =
  (min: number): NumberRule =>
  (v) =>
    v > min ? undefined : VMSG.greaterThan(min);

export const between =
  (min: number, max: number): NumberRule =>
  (v) =>
    v >= min && v <= max ? undefined : VMSG.between(min, max);

/**
 * At most `n` digits after the decimal point. Compared with a tolerance because 43.12 is stored
 * as 43.11999…; 1e-6 is far below the smallest step a user can type here.
 */
export const decimals =
  (n: number): NumberRule =>
  (v) => {
    const scaled = v * 10 ** n;
    return Math.abs(scaled - Math.round(scaled)) < 1e-6 ? undefined : VMSG.decimals(n);
  };

/** From min to max in steps of `step` counted from min (alignment divisions 4, 6, ... 30). */
export const inSteps =
  (min: number, max: number, step: number): NumberRule =>
  (v) =>
    v >= min && v <= max && Number.isInteger((v - min) / step) ? undefined : VMSG.inSteps(min, max, step);

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function firstBroken(value: number, rules: readonly NumberRule[]): string | undefined {
  for (const rule of rules) {
    const message = rule(value);
    if (message) return message;
  }
  return undefined;
}

/** `message` when both ends are numbers and the start lies above the stop. */
export function startAfterStop(start: unknown, stop: unknown, message: string): string | undefined {
  return isFiniteNumber(start) && isFiniteNumber(stop) && start > stop ? message : undefined;
}

/** A number is required: null, a missing key, a string or NaN answer 'Enter a number'. */
export function requiredNumber(value: unknown, ...rules: NumberRule[]): string | undefined {
  return isFiniteNumber(value) ? firstBroken(value, rules) : VMSG.enterNumber;
}

/** An empty value (null or undefined) is fine; anything else must be a number keeping the rules. */
export function optionalNumber(value: unknown, ...rules: NumberRule[]): string | undefined {
  return value === null || value === undefined ? undefined : requiredNumber(value, ...rules);
}

/**
 * A free text (prompt, question, answer choice, model, info): trimmed, at most `max` characters,
 * and not blank when required. Unlike names, any character is allowed: a question needs its '?'.
 */
export function textError(value: unknown, max: number, required = true): string | undefined {
  if (typeof value !== 'string') return VMSG.invalidValue;
  const trimmed = value.trim();
  if (trimmed === '') return required ? MSG.emptyInput : undefined;
  return textLength(trimmed) > max ? MSG.noMoreThanCharacters(max) : undefined;
}

/** A name (titles, file names): nameError's rules, on a value that may not even be a string. */
export function requiredName(value: unknown, max?: number): string | undefined {
  return typeof value === 'string' ? nameError(value, max) : VMSG.invalidValue;
}

/** A name that may stay blank; when given it follows the name rules. */
export function optionalName(value: unknown, max?: number): string | undefined {
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return requiredName(value, max);
}

/** An entry of an errors list: the field and its message, undefined when the field is fine. */
export type FieldCheck = readonly [field: string, message: string | undefined];

/** The broken fields of `checks`, each field name put after `prefix` ('cals[2].'). */
export function fieldErrors(checks: readonly FieldCheck[], prefix = ''): FieldError[] {
  // a loop, not flatMap: most fields are fine, and flatMap allocates an empty list for each
  const errors: FieldError[] = [];
  for (const [field, message] of checks) if (message) errors.push({ field: prefix + field, message });
  return errors;
}

/** Errors of a nested object, their fields put under `prefix`; '' (the object itself) becomes the prefix. */
export function underPrefix(errors: readonly FieldError[], prefix: string): FieldError[] {
  return errors.map((e) => ({
    field: e.field ? prefix + e.field : prefix.replace(/\.$/, ''),
    message: e.message,
  }));
}
