import { ShellText } from '../texts.ts';

/**
 * Web-only texts of the accounts feature (labels, headings, hints). The spec's texts and every
 * server message live in `AuthText` of @atrium/protocol.
 */
export const AuthWebText = {
  // Login box
  loginTitle: 'Log in to Atrium',
  loginIntro: 'Welcome back. Pick up where you left off on campus.',
  usernameOrEmail: 'Username or email',
  password: 'Password',
  rememberUsername: 'Remember username',
  logIn: 'Log in',
  loggingIn: 'Logging in…',
  forgotPassword: 'Forgot password?',
  continueWith: (name: string) => `Continue with ${name}`,
  or: 'or',
  enterAsGuest: 'Enter as guest',
  enteringAsGuest: 'Entering…',
  guestTitle: 'Enter as a guest?',
  guestConfirm: 'Enter as guest',
  newHere: 'New to Atrium?',
  createAccount: 'Create an account',
  // Loading box
  checkingSession: 'Checking your session…',
  /** SPEC §2: the loading box for a new or continued mini game (the stream starts directly). */
  miniGameNew: 'Starting a new mini game…',
  miniGameContinue: 'Continuing your mini game…',
  miniGameCancel: 'Not now',
  // Start box
  startTitle: 'You are signed in',
  startIntro: 'Your campus is ready. Step in and say hello.',
  guestIntro:
    'You are visiting as a guest. Create an account to keep your character and your photos.',
  signedInAs: 'Signed in as',
  enterCampus: 'Enter the campus',
  logOut: ShellText.logOut,
  loggingOut: 'Logging out…',
  // Update-username box
  updateUsernameTitle: 'Choose a username',
  updateUsernameIntro:
    'Your username is still your email address. Pick the name other visitors will see.',
  username: 'Username',
  saveUsername: 'Save username',
  saving: 'Saving…',
  usernameHint: '3 to 32 letters, digits, dots, dashes or underscores.',
  registerUsernameHint:
    '3 to 32 letters, digits, dots, dashes or underscores. Leave it empty to choose one after your first login.',
  // Session-end box
  sessionEndTitle: 'Your session has ended',
  sessionEnded: 'Your visit to the campus has ended. Log in again to continue.',
  /** The box's line when the session expired: the spec's own text is the toast, said once. */
  sessionExpiredHint: 'You were signed out. Log in again to continue.',
  backToLogin: 'Back to login',
  backToStart: 'Continue',
  // Register
  registerTitle: 'Create your account',
  registerIntro: 'It takes a minute. We will email you a link to activate it.',
  email: 'Email',
  repeatPassword: 'Repeat password',
  firstName: 'First name',
  lastName: 'Last name',
  optional: '(optional)',
  passwordHint: 'At least 8 characters.',
  createAccountSubmit: 'Create account',
  creating: 'Creating…',
  haveAccount: 'Already have an account?',
  registeredTitle: 'Check your email',
  // Activation (metaverse page)
  activating: 'Activating your account…',
  activationTitle: 'Account activation',
  activationFailedTitle: 'Activation failed',
  alreadyActiveTitle: 'Account already active',
  goToLogin: 'Go to login',
  // Forgot page
  forgotEyebrow: 'Account',
  forgotTitle: 'Forgot password',
  forgotLead: 'Get back into your Atrium account.',
  confirmEmailTitle: 'Confirm your email',
  confirmEmailIntro:
    'Enter the email address of your account and we will send you a link to choose a new password.',
  sendLink: 'Send reset link',
  sending: 'Sending…',
  newPasswordTitle: 'Choose a new password',
  newPasswordIntro: 'Pick a password you do not use anywhere else.',
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  changePassword: 'Change password',
  passwordChangedTitle: 'Password changed',
  redirecting: 'Taking you to the login in a few seconds…',
  logInNow: 'Log in now',
  backToHome: 'Back to home',
  showPassword: 'Show password',
} as const;

/** Issue 29: the titles over an admin's word about this person (`SessionNotices`). */
export const SessionNoticeText = {
  endedTitle: 'You were signed out',
  warningTitle: 'A message from an admin',
} as const;
