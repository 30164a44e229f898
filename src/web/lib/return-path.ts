/**
 * Where a user who opened a link while signed out goes back to after signing in. The path travels
 * in the navigation state of /auth (the address stays /auth, as the spec wants), and only a path
 * of this app is followed: never another origin ("//host", "https://…"), never /auth itself.
 */
export interface AuthLocationState {
  from?: unknown;
}

/** The path, query and hash of a location, to come back to. */
export function pathOf(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * A chosen sign-out (the Logout button) starts afresh: signing in again opens the landing page.
 * Any other end of a session (inactivity, a session ended on the server, a link opened signed out)
 * leads back. Both the guard that sees the session gone and the sign-out flow navigate to /auth;
 * this keeps the state they give the same, whichever comes last.
 */
let chosenSignOut = false;

export function setChosenSignOut(chosen: boolean): void {
  chosenSignOut = chosen;
}

/** The navigation state of /auth when the session of a user at `location` ends. */
export function signedOutState(location: { pathname: string; search: string; hash: string }): AuthLocationState {
  return chosenSignOut ? {} : { from: pathOf(location) };
}

/** The same-origin path to go to after signing in, or "/" (the landing page) when there is none. */
export function returnPath(state: unknown): string {
  const from = (state as AuthLocationState | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return '/';
  // "/auth" itself, or a path that only differs by query or hash, would loop back here.
  if (/^\/auth(?:[/?#]|$)/.test(from)) return '/';
  return from;
}
