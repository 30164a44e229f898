/** The base32 key of an otpauth:// URI, in groups of four for typing it into an app by hand. */
export function secretOfTotpUri(uri: string): string {
  let secret = '';
  try {
    secret = new URL(uri).searchParams.get('secret') ?? '';
  } catch {
    // Not a URI: nothing to show.
  }
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
