/** Business constants of spec section 9, shared by server and web. */

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Inactivity: sign-out after 15 minutes, warning at 13 minutes with a 120 s countdown. */
export const INACTIVITY_TIMEOUT_MS = 15 * MINUTE;
export const INACTIVITY_WARNING_MS = 13 * MINUTE;
export const INACTIVITY_COUNTDOWN_SECONDS = 120;
/** User activity resets the inactivity timer, debounced by 1 second. */
export const ACTIVITY_DEBOUNCE_MS = 1 * SECOND;
/** Activity-session ping interval. */
export const ACTIVITY_PING_INTERVAL_MS = 30 * SECOND;
/** No session lives longer than this, active or not. */
export const SESSION_MAX_AGE_MS = 12 * 60 * MINUTE;

/** Query cache: stale time 5 minutes, retried once. */
export const QUERY_STALE_TIME_MS = 5 * MINUTE;
export const QUERY_RETRY = 1;

/** Sidebar. */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const MOBILE_BREAKPOINT_PX = 768;

/** Passwords. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** Spec texts used by both sides. */
export const MESSAGES = {
  inactivityLogout: 'Session expired due to inactivity. Please log in again.',
  sessionExtended: 'Session extended successfully',
  loginSuccessTitle: 'Success',
  loginSuccess: 'Logged in successfully!',
  loginFailureTitle: 'Error',
  loginFailure: 'Failed to log in',
  logoutSuccess: 'Logged out successfully',
  logoutFailure: 'Error logging out. Please try again.',
  accessDenied:
    "You don't have permission to access this page. Please contact your administrator if you believe this is an error.",
  credentialsRequired: 'You must provide either an email or phone number and a password',
} as const;
