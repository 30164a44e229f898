/**
 * Every API error body is `{ error: { code, message, details? } }`; `details.fieldErrors`
 * maps a field to its messages for bad input. These are the codes.
 */
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
