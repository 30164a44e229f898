/**
 * Every API error body is `{ error: { code, message, details? } }`; `details.fieldErrors`
 * maps a field to its messages for bad input. These are the codes.
 */
import { z } from 'zod';

export const ERROR_CODES = {
  unauthenticated: 'UNAUTHENTICATED',
  sessionExpired: 'SESSION_EXPIRED',
  forbidden: 'FORBIDDEN',
  validation: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  badOrigin: 'BAD_ORIGIN',
  internal: 'INTERNAL',
} as const;

/** One refused item of a multi-item request (a stove ID code, a line…) and why. */
export const itemProblemSchema = z.object({
  code: z.string().describe('The refused item: a stove ID code, an item or a category'),
  reason: z.string().describe('Why it was refused, in words a person can act on'),
});

/**
 * The body of every error answer. It documents the API (the error responses of the OpenAPI
 * reference); the server never serializes through it, so an answer keeps exactly what it sends.
 */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string().describe(`One of ${Object.values(ERROR_CODES).join(', ')} (sign-in answers have their own)`),
    message: z.string().describe('What went wrong, in words a person can act on'),
    details: z
      .looseObject({
        fieldErrors: z
          .record(z.string(), z.array(z.string()))
          .optional()
          .describe('Bad input: the messages of each field, by its path (e.g. lines.2.quantity)'),
        problems: z
          .array(itemProblemSchema)
          .optional()
          .describe('A request refused as a whole because of some of its items: each refused item and why'),
      })
      .optional(),
  }),
});
