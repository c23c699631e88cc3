import type { Dashboard } from '@atrium/protocol';

type HealthState = Dashboard['media']['state'];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The dashboard's own words (issue 29). */
export const DashboardText = {
  title: 'Dashboard',
  intro: 'Whether the campus is well. It refreshes every 5 seconds while this tab is shown.',
  updated: (time: string) => `Updated ${time}`,
  loading: 'Loading the dashboard…',
  loadFailed: 'The dashboard could not be loaded.',
  refreshFailed: 'The last refresh failed: the figures are from the time above.',
  retry: 'Try again',

  online: 'Online now',
  onlineSplit: (members: number, guests: number) =>
    `${plural(members, 'member', 'members')}, ${plural(guests, 'guest', 'guests')}`,
  calls: 'Calls in progress',
  callsSplit: (rooms: number) => `in ${plural(rooms, 'call room', 'call rooms')}`,
  people: (n: number) => plural(n, 'person', 'people'),
  media: 'Media server',
  janusServers: (n: number) => plural(n, 'Janus server', 'Janus servers'),
  chain: 'Chain',
  block: (n: number) => `Block ${n.toLocaleString('en')}`,
  noBlock: 'No block number',
  errors: 'Server errors',
  errorsHint: 'HTTP 5xx answers in the last hour, on every process',

  instances: 'World instances',
  world: 'World',
  instance: 'Instance',
  size: 'People',
  noInstances: 'No world instance is running.',

  classes: 'Classes running',
  classesIntro: 'Classes and breakout groups with someone in them.',
  noClasses: 'No class is running.',
  classroom: (n: string) => `Classroom ${n}`,
  group: (room: string, group: number) => `Classroom ${room}, group ${group}`,
} as const;

/** A health state in words: the badge never says it by colour alone. */
export const healthLabels: Record<HealthState, string> = {
  up: 'Up',
  down: 'Down',
  off: 'Off',
};

/** What each state of the media server means for the campus. */
export const mediaMeaning: Record<HealthState, string> = {
  up: 'Classes and calls go through the media server.',
  down: 'Classes cannot reach the media server.',
  off: 'Not used: classes connect people directly (mesh).',
};

/** What each state of the chain means for the wallet. */
export const chainMeaning: Record<HealthState, string> = {
  up: 'The wallet can read and write the chain.',
  down: 'The wallet cannot reach the chain.',
  off: 'The wallet is turned off on this campus.',
};
