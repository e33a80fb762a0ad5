import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * A refusal with a message for the user (DESIGN.md: "msg says what and where"). The envelope
 * filter turns it into {status: 0, msg, data: null} with its HTTP status.
 */
export class ApiError extends HttpException {
  constructor(message: string, status: HttpStatus = HttpStatus.BAD_REQUEST) {
    super(message, status);
  }
}

export const badRequest = (msg: string) => new ApiError(msg, HttpStatus.BAD_REQUEST);
export const unauthorized = (msg = 'Please log in') => new ApiError(msg, HttpStatus.UNAUTHORIZED);
export const forbidden = (msg: string) => new ApiError(msg, HttpStatus.FORBIDDEN);
/** Also the answer for another account's ids: never reveal that they exist. */
export const notFound = (what: string) => new ApiError(`${what} not found`, HttpStatus.NOT_FOUND);
export const conflict = (msg: string) => new ApiError(msg, HttpStatus.CONFLICT);
export const tooMany = (msg: string) => new ApiError(msg, HttpStatus.TOO_MANY_REQUESTS);
