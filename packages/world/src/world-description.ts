import { pickInteraction, type Facing, type Interactable } from './interaction.ts';

/** The words of the world's text alternative (read by screen readers, never drawn). */
export const DescriptionText = {
  /** The live region's and the hidden lists' names. */
  region: 'Around you',
  nameTags: 'Name tags',
  signs: 'Signs',
  self: (label: string) => `${label} (you)`,
  nobody: 'Nobody is near you.',
  nearby: (people: string) => `Near you: ${people}.`,
  person: (label: string, direction: string) => `${label} ${direction}`,
  direction: {
    ahead: 'ahead',
    right: 'to your right',
    behind: 'behind you',
    left: 'to your left',
  },
  facing: {
    poster: (title: string | undefined) =>
      title ? `In front of you: the poster “${title}”.` : 'In front of you: a poster.',
    portal: (label: string | undefined) =>
      label ? `In front of you: the portal to ${label}.` : 'In front of you: a portal.',
    classroom: (label: string | undefined) =>
      label ? `You are in the ${label} class area.` : 'You are in a class area.',
    sign: (text: string | undefined) =>
      text ? `In front of you: a sign, “${text}”.` : 'In front of you: a sign.',
    other: (label: string | undefined) => `In front of you: ${label ?? 'something to use'}.`,
  },
} as const;

/** People this close (metres) are named in the description. */
export const NEARBY_METRES = 5;
/** Signs and doors this close (metres, to their edge) and roughly ahead are described. */
export const LANDMARK_METRES = 8;

/** Someone else in the world, as their name tag reads. */
export interface Person {
  label: string;
  x: number;
  z: number;
}

export type Direction = keyof typeof DescriptionText.direction;

/** Where `p` is seen from the avatar: ahead, right, behind or left (quarters around its facing). */
export const directionTo = (self: Facing, p: { x: number; z: number }): Direction => {
  const dx = p.x - self.x;
  const dz = p.z - self.z;
  // Facing (sin ry, cos ry); the right hand is (−cos ry, sin ry) with y up.
  const ahead = Math.sin(self.ry) * dx + Math.cos(self.ry) * dz;
  const right = -Math.cos(self.ry) * dx + Math.sin(self.ry) * dz;
  if (Math.abs(ahead) >= Math.abs(right)) return ahead >= 0 ? 'ahead' : 'behind';
  return right >= 0 ? 'right' : 'left';
};

const facingText = (target: Interactable): string => {
  const { facing } = DescriptionText;
  switch (target.kind) {
    case 'poster':
      return facing.poster(target.label);
    case 'portal':
      return facing.portal(target.label);
    case 'classroom':
      return facing.classroom(target.label);
    case 'sign':
      return facing.sign(target.label);
    default:
      return facing.other(target.label);
  }
};

/** What the description is made of: the avatar, the others, what E acts on, the landmarks. */
export interface Surroundings {
  self: Facing;
  people: readonly Person[];
  /** What E would act on now and its hint ("E: look at poster"), if anything. */
  target: { target: Interactable; text: string } | null;
  /** Signs and doors, described when faced and nothing usable is in reach. */
  landmarks: readonly Interactable[];
}

/**
 * One short paragraph for a screen reader: what the avatar faces (a poster, a portal, a sign or
 * a door), the hint for E, and who is within {@link NEARBY_METRES}, nearest first.
 */
export const describeSurroundings = ({ self, people, target, landmarks }: Surroundings): string => {
  const parts: string[] = [];
  const faced = target?.target ?? pickInteraction(self, landmarks, LANDMARK_METRES);
  if (faced) parts.push(facingText(faced));
  if (target) parts.push(`${target.text}.`);
  const near = people
    .map((p) => ({ p, d: Math.hypot(p.x - self.x, p.z - self.z) }))
    .filter(({ d }) => d <= NEARBY_METRES)
    .sort((a, b) => a.d - b.d || a.p.label.localeCompare(b.p.label));
  parts.push(
    near.length === 0
      ? DescriptionText.nobody
      : DescriptionText.nearby(
          near
            .map(({ p }) =>
              DescriptionText.person(p.label, DescriptionText.direction[directionTo(self, p)]),
            )
            .join(', '),
        ),
  );
  return parts.join(' ');
};
