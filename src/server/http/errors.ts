/** The one error type services throw; the error handler turns it into `{ error: { code, message, details? } }`. */
import type { z } from 'zod';
import { ERROR_CODES, type itemProblemSchema } from '../../common/contracts/errors';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Field errors in the shape of the 400 `details` the form kit shows next to fields. */
export type FieldErrors = Record<string, string[]>;

export const errors = {
  validation: (message: string, fieldErrors?: FieldErrors) =>
    new AppError(400, ERROR_CODES.validation, message, fieldErrors ? { fieldErrors } : undefined),
  unauthenticated: (message = 'Please sign in to continue.') => new AppError(401, ERROR_CODES.unauthenticated, message),
  forbidden: (message = "You don't have permission to do this.") => new AppError(403, ERROR_CODES.forbidden, message),
  notFound: (message: string) => new AppError(404, ERROR_CODES.notFound, message),
  conflict: (message: string, fieldErrors?: FieldErrors) =>
    new AppError(409, ERROR_CODES.conflict, message, fieldErrors ? { fieldErrors } : undefined),
  rateLimited: (message: string) => new AppError(429, ERROR_CODES.rateLimited, message),
  /** A request refused as a whole because of some of its items: `details.problems` lists each with its reason. */
  itemProblems: (message: string, problems: ItemProblem[]) =>
    new AppError(409, ERROR_CODES.conflict, message, { problems }),
};

/** One refused item of a multi-item request (a stove ID code, a line…) and why. */
export type ItemProblem = z.infer<typeof itemProblemSchema>;
