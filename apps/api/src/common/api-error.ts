import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * The HTTP errors of the edge, which no domain refusal names: the caller is not signed in (the
 * authenticator), tries too often (the rate limits), or sends too large a body (the upload
 * parsers). Everything past the edge throws the domain's refusals (refusal-status.ts).
 */
export const unauthorized = (msg = 'Please log in') => new HttpException(msg, HttpStatus.UNAUTHORIZED);
export const tooMany = (msg: string) => new HttpException(msg, HttpStatus.TOO_MANY_REQUESTS);
export const payloadTooLarge = (msg: string) => new HttpException(msg, HttpStatus.PAYLOAD_TOO_LARGE);
/** A body the parser cannot take: too large (413), too deep or not JSON (400), not UTF-8 (415). */
export const unreadableBody = (msg: string, status: number) => new HttpException(msg, status);
