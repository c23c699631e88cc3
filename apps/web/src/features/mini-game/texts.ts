import type { DartsMode } from '@atrium/protocol';
import type { DartsLevel } from './throwModel.ts';

/** Texts of the mini-game (darts); tests import them from here. */
export const DartsText = {
  /** While the board's code loads as a game starts. */
  loadingBoard: 'Setting up the board…',
  title: 'Darts',
  /** SPEC §8: the mini game opened outside the metaverse. */
  outsideTitle: 'Open this game in the Metaverse',
  outsideWarning: 'This mini game is accessed through the Metaverse.',
  outsideBody:
    'Choose Enter the Metaverse below, then Mini-games in the world’s toolbar, and Dart. Your results are then shared with the campus.',
  enterMetaverse: 'Enter the Metaverse',
  setupTitle: 'New game',
  mode: 'Game',
  modeName: {
    '501': '501 · double out',
    'around-the-clock': 'Around the Clock',
  } satisfies Record<DartsMode, string>,
  modeHelp: {
    '501': 'Score down from 501 to exactly zero. The last dart must be a double or the bull.',
    'around-the-clock': 'Hit 1, 2, 3 … up to 20 in order, then the bull. First to the bull wins.',
  } satisfies Record<DartsMode, string>,
  opponent: 'Opponent',
  levelName: {
    easy: 'Computer · easy',
    medium: 'Computer · medium',
    hard: 'Computer · hard',
  } satisfies Record<DartsLevel, string>,
  person: 'A person on campus',
  personSoon: 'Playing against someone on campus is not available yet.',
  start: 'Start game',
  howToPlay: 'How to play',
  you: 'You',
  guest: 'Guest',
  yourTurn: 'Your turn',
  theirTurn: (name: string) => `${name} is throwing…`,
  dartOf: (n: number) => `Dart ${n} of 3`,
  lastDarts: 'This turn',
  remaining: 'Left',
  target: 'Target',
  bull: 'Bull',
  done: 'Done',
  finished: 'Finished',
  bust: 'Bust!',
  power: 'Power',
  board:
    'Dart board. Aim with the pointer or the arrow keys; hold and release to throw (Space or Enter).',
  quit: 'Quit game',
  resultTitle: (won: boolean) => (won ? 'You win!' : 'Game over'),
  resultBody: (winner: string, darts: number) => `${winner} won with ${darts} darts thrown.`,
  playAgain: 'Play again',
  changeGame: 'Change game',
  instructions: {
    title: 'How to play darts',
    steps: [
      'Aim: move the pointer over the board (on a touch screen the aim sits just above your finger). With a keyboard, use the arrow keys.',
      'Throw: press and hold to build power, then let go. Space or Enter work too.',
      'Release in the green zone of the power meter. Too little and the dart drops; too much and it flies high.',
      'The longer you hold, the more your hand wobbles, so do not wait too long.',
    ],
    dontShowAgain: "Don't show again",
    gotIt: 'Got it',
  },
} as const;
