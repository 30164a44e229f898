/** The cookies of an answer in the API tests: better-auth's session and two-factor cookies by name. */

export const SESSION_COOKIE = 'better-auth.session_token';
export const TWO_FACTOR_COOKIE = 'better-auth.two_factor';

type Headers = Record<string, string | string[] | number | undefined>;

/** Every Set-Cookie line of the answer. */
export function setCookies(headers: Headers): string[] {
  const value = headers['set-cookie'];
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

/** The `name=value` of a cookie the answer set (with a value: not an expiry). */
export function cookieSet(headers: Headers, name: string): string | null {
  const found = setCookies(headers).find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));
  return found ? (found.split(';')[0] ?? null) : null;
}
