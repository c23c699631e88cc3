import type { DartsMode } from '@atrium/protocol';
import type { Ref } from 'react';
import { PersonMatchText } from '../leaderboardTexts.ts';
import { DartsText } from '../texts.ts';
import type { DartsLevel } from '../throwModel.ts';
import type { PersonMatch } from '../usePersonMatch.ts';
import { ButtonRow } from './ButtonRow.tsx';
import { DartIcon } from './DartsCard.tsx';
import { Invitations, PersonInvite } from './Invitations.tsx';

/**
 * The modes and the computer's levels, in the protocol's order (`DARTS_MODES`, `DARTS_LEVELS`;
 * SetupScreen.test.ts checks it), read from their names here: importing the protocol's lists
 * would load its darts rules and throws with the page (1.3 KB of gzipped JS and more), which only
 * a game needs.
 */
export const SETUP_MODES = Object.keys(DartsText.modeName) as DartsMode[];
export const SETUP_LEVELS = Object.keys(DartsText.levelName) as DartsLevel[];

export interface SetupScreenProps {
  match: PersonMatch;
  isGuest: boolean;
  mode: DartsMode;
  onMode: (mode: DartsMode) => void;
  level: DartsLevel;
  onLevel: (level: DartsLevel) => void;
  againstPerson: boolean;
  onAgainstPerson: (person: boolean) => void;
  inviteName: string;
  onInviteName: (name: string) => void;
  startRef: Ref<HTMLButtonElement>;
  onStart: () => void;
  onLeaderboard: () => void;
  onInstructions: () => void;
}

/** The setup: the mode, the opponent (a computer level or a person to invite), and Start. */
export function SetupScreen({
  match,
  isGuest,
  mode,
  onMode,
  level,
  onLevel,
  againstPerson,
  onAgainstPerson,
  inviteName,
  onInviteName,
  startRef,
  onStart,
  onLeaderboard,
  onInstructions,
}: SetupScreenProps) {
  return (
    <section className="darts-card darts-setup" aria-labelledby="darts-setup-title">
      <Invitations
        list={match.invitations}
        onAnswer={(i, accept) => void match.answer(i, accept)}
      />
      <DartIcon />
      <h2 id="darts-setup-title" className="darts-card__title">
        {DartsText.setupTitle}
      </h2>
      <div className="darts-setup__groups">
        <fieldset className="darts-setup__group">
          <legend>{DartsText.mode}</legend>
          {SETUP_MODES.map((m) => (
            <label key={m} className="darts-choice">
              <input
                type="radio"
                name="darts-mode"
                value={m}
                checked={mode === m}
                onChange={() => onMode(m)}
              />
              <span>
                <strong>{DartsText.modeName[m]}</strong>
                <small>{DartsText.modeHelp[m]}</small>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className="darts-setup__group">
          <legend>{DartsText.opponent}</legend>
          <div className="darts-setup__levels">
            {SETUP_LEVELS.map((l) => (
              <label key={l} className="darts-choice darts-choice--compact">
                <input
                  type="radio"
                  name="darts-level"
                  value={l}
                  checked={!againstPerson && level === l}
                  onChange={() => {
                    onLevel(l);
                    onAgainstPerson(false);
                  }}
                />
                <span>
                  <strong>{DartsText.levelName[l]}</strong>
                </span>
              </label>
            ))}
            <label
              className={`darts-choice darts-choice--compact${isGuest ? ' darts-choice--disabled' : ''}`}
            >
              <input
                type="radio"
                name="darts-level"
                value="person"
                disabled={isGuest}
                checked={againstPerson}
                onChange={() => onAgainstPerson(true)}
              />
              <span>
                <strong>{DartsText.person}</strong>
                {isGuest && <small>{PersonMatchText.signInFirst}</small>}
              </span>
            </label>
          </div>
        </fieldset>
      </div>
      {againstPerson && (
        <PersonInvite
          name={inviteName}
          onName={onInviteName}
          waitingFor={match.outgoing?.players[1]?.username ?? null}
          ready={match.socket !== null}
          onInvite={() => void match.invite(inviteName, mode)}
          onCancel={() => void match.cancel()}
        />
      )}
      {match.notice && (
        <p className="darts-note" role="alert">
          {match.notice}
        </p>
      )}
      <ButtonRow
        buttons={[
          !againstPerson && {
            label: DartsText.start,
            primary: true,
            buttonRef: startRef,
            onClick: onStart,
          },
          { label: PersonMatchText.leaderboard, onClick: onLeaderboard },
          { label: DartsText.howToPlay, onClick: onInstructions },
        ]}
      />
    </section>
  );
}
