/** Fastify request → the web `Headers`/`Request` better-auth works with. */
import type { FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER, DEVICE_COOKIE } from '../auth/auth';

/** The cookie header without our device cookie, which is not better-auth's; null when nothing is left. */
function betterAuthCookies(header: string): string | null {
  const kept = header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith(`${DEVICE_COOKIE}=`));
  return kept.length > 0 ? kept.join('; ') : null;
}

export function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else headers.set(key, value);
  }
  const cookies = headers.get('cookie');
  if (cookies !== null) {
    const kept = betterAuthCookies(cookies);
    if (kept) headers.set('cookie', kept);
    else headers.delete('cookie');
  }
  // Only the server says which address and scheme a request came from.
  headers.set(CLIENT_IP_HEADER, request.ip);
  headers.set('x-forwarded-proto', request.protocol);
  return headers;
}

/** The same request for a web handler; `override` sends it to another path with another body. */
export function webRequest(
  request: FastifyRequest,
  publicUrl: string,
  override?: { path: string; body: unknown },
): Request {
  const url = new URL(override?.path ?? request.url, publicUrl);
  const body: unknown = override ? override.body : request.body;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && body !== undefined;
  const headers = webHeaders(request);
  // The body is re-serialized below, so the original framing headers no longer apply.
  headers.delete('content-length');
  headers.delete('transfer-encoding');
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
}
