import { ROSTER_MAX_ROWS } from '@atrium/protocol';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The roster import's own words (issue 29). What the server says about a row (a duplicate, a bad
 * email, an existing account, an unknown role) is the contract's `RosterText`, shown as sent.
 */
export const RosterUiText = {
  title: 'Import a roster',
  intro:
    'Create a class’s accounts from a CSV file. Each person gets an activation mail to set a password.',
  file: 'Roster file (CSV)',
  fileHint:
    `A header row, then one person a row: username, email, role (member or teacher; empty means ` +
    `member) and class (optional). At most ${ROSTER_MAX_ROWS} rows.`,
  template: 'Download template',
  templateFile: 'roster-template.csv',
  reading: 'Reading the file…',
  checking: 'Checking the rows…',
  checkAgain: 'Check again',
  checkFailed: 'The rows could not be checked.',

  // The file itself.
  notCsv: (detail: string, line: number) =>
    `The file could not be read as CSV (line ${line} of the file): ${detail}.`,
  missingColumns: 'The first row must name the columns: username, email, role and class.',
  tooManyRows: (n: number) =>
    `The file has ${n} rows; at most ${ROSTER_MAX_ROWS} can be imported at once. Split it and import each part.`,

  // The preview.
  preview: 'Rows of the file',
  summary: (rows: number, problems: number) =>
    `${plural(rows, 'row', 'rows')}, ${problems} with problems`,
  showProblems: (n: number) => `With problems (${n})`,
  showAll: (n: number) => `All rows (${n})`,
  show: 'Show',
  allFixed: 'No row left with a problem.',
  noRows: 'No rows left: choose a file.',
  row: 'Row',
  username: 'Username',
  email: 'Email',
  role: 'Role',
  class: 'Class',
  problems: 'Problems',
  actions: 'Actions',
  ready: 'Ready',
  remove: 'Remove',
  removeRow: (n: number, name: string) => `Remove row ${n}${name ? ` (${name})` : ''}`,
  cellLabel: (column: string, n: number) => `${column}, row ${n}`,
  unknownRole: (role: string) => `${role} (unknown)`,
  editHint: 'Fix a cell and leave it (or press Enter): the rows are checked again.',

  // The import.
  create: (n: number) => `Create ${plural(n, 'account', 'accounts')}`,
  fixFirst: 'Fix or remove the rows with problems first.',
  confirmTitle: (n: number) =>
    `Create ${plural(n, 'account', 'accounts')} and send ${plural(n, 'activation mail', 'activation mails')}?`,
  confirmMessage:
    'Every account is created, or none if something goes wrong. Each person gets a mail to set a password.',
  creating: 'Creating accounts…',
  progress: (done: number, total: number) => `${done} of ${total}`,
  cutOff: 'The connection was lost before the import finished. Look in People before trying again.',
  seePeople: 'See them in People',
} as const;
