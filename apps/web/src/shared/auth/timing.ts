/** SPEC §5/§9: a login is sent 1000 ms after it is submitted. */
export const LOGIN_SUBMIT_DELAY_MS = 1000;
/** SPEC §5/§9: forgot and reset submissions wait 2 s before sending. */
export const FORGOT_SUBMIT_DELAY_MS = 2000;
/** SPEC §2/§9: after a password reset the page moves on after 3 s (to the login box, issue 12). */
export const REDIRECT_AFTER_RESET_MS = 3000;
