import type { ArgumentMetadata, ValidationError } from '@nestjs/common';
import { ValidationPipe } from '@nestjs/common';
import { Refused } from '@sweepline/domain';
import { findHostilePart, hostileMessage } from './hostile-text';

/** The first broken rule, as 'field: message', for the envelope's msg. */
function firstMessage(errors: ValidationError[], path = ''): string | undefined {
  for (const error of errors) {
    const field = path ? `${path}.${error.property}` : error.property;
    const constraint = error.constraints && Object.values(error.constraints)[0];
    if (constraint) return constraint.startsWith(field) ? constraint : `${field}: ${constraint}`;
    const nested = firstMessage(error.children ?? [], field);
    if (nested) return nested;
  }
  return undefined;
}

/** The parts of a request a caller writes: a body, a query, a path value. */
const FROM_CALLER = new Set<ArgumentMetadata['type']>(['body', 'query', 'param']);

/**
 * Request shapes are checked by class-validator DTOs: unknown fields are refused, strings are not
 * turned into numbers behind the caller's back, and the reply names the first broken field.
 * Ahead of them, whatever the caller wrote is refused if it holds a NUL or a prototype key
 * (hostile-text.ts): Nest would strip those keys silently, and PostgreSQL fail on a NUL.
 */
class RequestValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (FROM_CALLER.has(metadata.type)) {
      const part = findHostilePart(value);
      if (part) {
        const field = [...(metadata.data ? [metadata.data] : []), ...part.path].join('.');
        return Promise.reject(new Refused(hostileMessage(part, field || metadata.type)));
      }
    }
    return super.transform(value, metadata);
  }

  /**
   * A path value stays the text the caller sent: the id pipes judge it (docs/api.md, "Ids in
   * paths"), and `07`, `7.0` or `0x3d6b` turned into a number first would pass for 7.
   */
  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    return metadata.type === 'param' ? value : super.transformPrimitive(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new RequestValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => new Refused(firstMessage(errors) ?? 'Invalid request'),
  });
}
