/**
 * What the server's JSON logs (pino, through Fastify) may show. Each request's lines carry its
 * `reqId`, and the guard adds `userId` once the session is known (guard.ts). Fastify logs a request's
 * method, URL and address, never its headers or body; in case a line ever does, pino censors the
 * secret headers (Authorization, Cookie, Set-Cookie) and body fields (passwords, tokens, one-time
 * and backup codes, two-factor secrets), and the request serializer censors secrets in URLs
 * (`?token=…`, better-auth's `/reset-password/<token>`).
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const CENSORED = '[Redacted]';

/** Fields whose values are secret wherever they are logged: at the top, or one or two levels down. */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'otp',
  'backupCodes',
  'secret',
  'totpURI',
];
/** `code` is also PostgreSQL's and our errors' code (`err.code`): censored only in a body. */
const BODY_ONLY_FIELDS = ['code'];
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie'];

/** pino's redact paths for the fields and headers above. */
export const LOG_REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
  ...BODY_ONLY_FIELDS.flatMap((field) => [field, `body.${field}`, `*.body.${field}`]),
  ...SECRET_HEADERS.flatMap((header) => [`headers["${header}"]`, `*.headers["${header}"]`]),
];

/** Query parameters: the secret fields (not `code`, a stove ID code in a query). */
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_FIELDS.join('|')})=)[^&#]*`, 'gi');
const SECRET_PATH = /(\/reset-password\/)[^/?#]+/gi;

/** A URL as logged: the values of secret query parameters and a reset-password token censored. */
export function urlForLog(url: string): string {
  return url.replace(SECRET_QUERY, `$1${CENSORED}`).replace(SECRET_PATH, `$1${CENSORED}`);
}

/** Fastify's own request serializer, with the URL censored (any logged `req` passes here, so each part may be absent). */
function requestForLog(
  request: Partial<Pick<FastifyRequest, 'method' | 'url' | 'headers' | 'host' | 'ip' | 'socket'>>,
) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: request.url === undefined ? undefined : urlForLog(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger options: the caller's (level, stream…) with the censoring above. */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    redact: { paths: LOG_REDACT_PATHS, censor: CENSORED },
    serializers: { ...options.serializers, req: requestForLog },
  };
}
