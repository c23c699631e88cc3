import type { LimitSettings, WalletAudience } from '@atrium/protocol';

/** The sign-up and access page's own words (issue 29). */
export const AccessText = {
  title: 'Sign-up and access',
  intro: 'Who may make an account, who may come in without one, and how often people may ask.',
  loading: 'Loading…',
  loadFailed: 'These settings could not be loaded.',
  retry: 'Try again',
  save: 'Save',
  saving: 'Saving…',
  wholeNumber: 'Enter a whole number.',

  signUp: 'Sign-up and guests',
  signUpIntro: 'Changes apply to the next sign-up or guest entry.',
  selfRegistration: 'Anyone may sign up',
  selfRegistrationHint: 'Off: only admins create accounts, one by one or from a roster.',
  domains: 'Allowed email domains',
  domainsHint: 'When the list has domains, sign-up takes addresses at these domains only.',
  noDomains: 'No domain listed: any address may sign up.',
  domainList: 'Allowed domains',
  newDomain: 'Domain to add',
  newDomainHint:
    'For example school.example. Several at once: separate them with spaces or commas.',
  add: 'Add',
  removeDomain: (domain: string) => `Remove ${domain}`,
  domainTwice: (domain: string) => `${domain} is already in the list.`,
  guests: 'Guests may enter',
  guestsHint: 'The “Enter as guest” button: a visit to the campus without an account.',

  limits: 'Limits on sign-up, sign-in and recovery',
  limitsIntro:
    'How often one network address or one mailbox may try. Lower is safer, higher is kinder to a school behind one address.',
  perHour: 'per hour',
  perMinute: 'per minute',

  wallet: 'Wallet audience',
  walletIntro: 'Who the wallet speaks to.',
  audience: 'Audience',
} as const;

/** Each limit's label, its unit and one line on what it counts. */
export const limitFields: ReadonlyArray<{
  name: keyof LimitSettings;
  label: string;
  hint: string;
}> = [
  {
    name: 'register_mails_per_ip_per_hour',
    label: 'Sign-up mails per address, per hour',
    hint: 'Activation mails sent for sign-ups from one network address.',
  },
  {
    name: 'recovery_mails_per_ip_per_hour',
    label: 'Password recoveries per address, per hour',
    hint: 'Recovery requests from one network address; each may send a mail.',
  },
  {
    name: 'mails_per_recipient_per_hour',
    label: 'Mails per recipient, per hour',
    hint: 'Account mails (activation, recovery) to one mailbox.',
  },
  {
    name: 'email_taken_answers_per_ip_per_hour',
    label: '“Already registered” answers per address, per hour',
    hint: 'How often one address may learn that an email has an account.',
  },
  {
    name: 'login_attempts_per_ip_per_minute',
    label: 'Sign-in attempts per address and username, per minute',
    hint: 'Tries from one network address for one username.',
  },
  {
    name: 'login_failures_before_lock',
    label: 'Failed sign-ins before an account locks',
    hint: 'Wrong passwords within an hour after which the account is locked for a while.',
  },
];

/** The two audiences of the wallet, each in one line. */
export const audienceOptions: ReadonlyArray<{
  value: WalletAudience;
  label: string;
  hint: string;
}> = [
  {
    value: 'school',
    label: 'School',
    hint: 'Collectibles and coins in plain words; no native coin balance or transfers.',
  },
  {
    value: 'public',
    label: 'Public',
    hint: 'The whole wallet, with the native coin’s balance and transfers.',
  },
];
