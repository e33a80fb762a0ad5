import type { ValidationError } from '@nestjs/common';
import { ValidationPipe } from '@nestjs/common';
import { Refused } from '@sweepline/domain';

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

/**
 * Request shapes are checked by class-validator DTOs: unknown fields are refused, strings are not
 * turned into numbers behind the caller's back, and the reply names the first broken field.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => new Refused(firstMessage(errors) ?? 'Invalid request'),
  });
}
