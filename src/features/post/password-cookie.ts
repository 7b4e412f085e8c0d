/** The cookie a protected post's password sets (features/post/password.server.ts), one per site. */
export const POSTPASS_COOKIE = 'masthead_postpass';
export const postpassCookieName = (secure: boolean) => (secure ? `__Host-${POSTPASS_COOKIE}` : POSTPASS_COOKIE);
