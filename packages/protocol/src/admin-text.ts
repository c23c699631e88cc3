// Issue 29: the texts of the admin console and of the moderation that reach people, and the
// helpers that fill them.
import { AuthText } from './auth.ts';

/** Every text of the console and of the moderation that reaches people. */
export const AdminText = {
  personNotFound: 'That person does not exist.',
  notYourself: 'You cannot do that to your own account.',
  lastAdmin: 'The campus needs at least one active admin.',
  usernameTaken: 'That username is taken.',
  emailTaken: 'That email address already has an account.',
  created: 'Account created. An activation mail is on its way.',
  createdActive: 'Account created.',
  updated: 'Saved.',
  nothingToUpdate: 'Nothing to update.',
  deleted: '{name} was deleted.',
  activationSent: 'Activation mail sent to {email}.',
  alreadyActive: 'This account is already active.',
  reportSent: 'Thank you. An admin will look at your report.',
  reportYourself: 'You cannot report yourself.',
  reportNotFound: 'That report does not exist.',
  reportsTooMany: 'You have sent many reports. Please wait a few minutes.',
  sanctionNotFound: 'That sanction does not exist or has already lifted.',
  sanctionNeedsTarget: 'Choose a person or a network address.',
  sanctionAdmin: 'Admins cannot be warned, muted, kicked or banned.',
  addressOnlyBan: 'A network address can only be banned.',
  warned: '{name} was warned.',
  muted: '{name} cannot chat until {until}.',
  kicked: '{name} was removed from the campus.',
  banned: '{name} is banned {until}.',
  lifted: 'Lifted.',
  /** What the person sees. */
  youWereWarned: 'An admin warned you: {reason}',
  youWereKicked: 'An admin removed you from the campus.',
  youAreBanned: 'Your account is banned until {until}.',
  youAreBannedForGood: 'Your account is banned.',
  networkBanned: 'Guests from your network cannot enter this campus.',
  /** A guest entry from a browser whose last signed-in account is banned. */
  browserBanned: 'The account last used in this browser is banned, so it cannot enter as a guest.',
  youAreMuted: 'An admin muted you in chat until {until}.',
  deactivated: 'Your account has been deactivated.',
  /** The form's and a provider's first sign-in alike (the home page shows it by code). */
  registrationClosed: AuthText.signUpClosed,
  registrationDomain: 'Sign-up is open to addresses at {domains} only.',
  guestsClosed: 'Guest entry is closed on this campus. Please sign in.',
  settingPrivate: 'That key belongs to a private setting.',
  settingNotFound: 'There is no public setting of that key.',
  homePageInvalid: 'The home page must be a path on this site (/…) or an http(s) address.',
  classEnded: '{room}: the class ended; {count} people left.',
  classEmpty: '{room}: nobody is in the class.',
  classOpen: '{room}: everyone can join now; whoever waited is in.',
  classAsk: '{room}: students now wait until a teacher lets them in.',
  deletedAccount: 'Your account has been deleted.',
  roleChanged: 'An admin changed your role to {role}.',
} as const;

/** Fills `{name}`-style holes of an {@link AdminText}. */
export function adminText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (hole, key: string) => values[key] ?? hole);
}

/** How the end of a mute or ban reads to people: `2026-11-28 14:05 UTC`. */
export function untilText(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
