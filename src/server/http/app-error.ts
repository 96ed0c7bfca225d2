import { errorStatus, type ErrorCode } from '@contracts/errors';

/** The one error type services throw; the error handler maps `code` to a status via one table. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** What the client needs to offer the way out (the other customer of a 409, to merge with). */
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('VALIDATION', message, fields);
