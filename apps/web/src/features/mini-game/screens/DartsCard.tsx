import { AppRoute } from '@atrium/protocol';
import { DartsText } from '../texts.ts';

/** The dartboard badge at the top of each card. */
export function DartIcon() {
  return (
    <svg className="darts-card__icon" viewBox="0 0 48 48" width={48} height={48} aria-hidden="true">
      <circle cx="24" cy="24" r="22" fill="#16182b" />
      <circle cx="24" cy="24" r="17" fill="#c8102e" />
      <circle cx="24" cy="24" r="14" fill="#f1e3c2" />
      <circle cx="24" cy="24" r="8" fill="#0b7a3e" />
      <circle cx="24" cy="24" r="3.5" fill="#c8102e" />
    </svg>
  );
}

/** SPEC §8: opened outside the metaverse, the mini game says it is reached through the Metaverse. */
export function OutsideWarning() {
  return (
    <main className="darts darts--outside" id="main-content">
      <section className="darts-card" role="alert" aria-labelledby="darts-outside-title">
        <DartIcon />
        <h1 id="darts-outside-title" className="darts-card__title">
          {DartsText.outsideTitle}
        </h1>
        <p className="darts-card__lead">{DartsText.outsideWarning}</p>
        <p className="darts-card__text">{DartsText.outsideBody}</p>
        <div className="button-row">
          <a className="button button--primary" href={`${AppRoute.metaverse}?mini-game=1`}>
            {DartsText.enterMetaverse}
          </a>
        </div>
      </section>
    </main>
  );
}
