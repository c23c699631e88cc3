import { CAROUSEL_AUTOPLAY_MS, CAROUSEL_FADE_MS } from '@atrium/protocol';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type CSSProperties } from 'react';
import { EventShell, LoadState } from './EventShell.tsx';
import { fetchGallery, formatDate, GalleryDataText, type GalleryItem } from './galleryData.ts';
import { ParticleField } from './ParticleField.tsx';
import { EventsText } from './texts.ts';
import { useReducedMotion } from '../../shared/ui/useReducedMotion.ts';

export const FeaturingText = {
  documentTitle: 'Featured · Atrium',
  title: 'Featured',
  lead: 'Highlights of the launch, one after another.',
  previous: 'Previous',
  next: 'Next',
  pause: 'Pause',
  play: 'Play',
  slide: (n: number, total: number) => `Slide ${n} of ${total}`,
  goTo: (n: number) => `Show slide ${n}`,
} as const;

/** The controls' icons: 20 px strokes, drawn in the button's colour. */
const icons = {
  pause: 'M7 5v14M17 5v14',
  play: 'M7 4l13 8-13 8z',
  previous: 'M15 5l-7 7 7 7',
  next: 'M9 5l7 7-7 7',
} as const;

function Icon({ name }: { name: keyof typeof icons }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d={icons[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

function Carousel({ items }: { items: readonly GalleryItem[] }) {
  const reduced = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  /** Hover or keyboard focus inside holds the slide, as WAI's carousel pattern asks. */
  const [held, setHeld] = useState(false);
  const count = items.length;
  const playing = !reduced && !paused && !held && count > 1;

  useEffect(() => {
    if (!playing) return;
    // Restarted on each change of slide, so a slide chosen by hand also stays its full 5 s.
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), CAROUSEL_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [playing, index, count]);

  const go = (i: number) => setIndex((i + count) % count);
  const style = { '--carousel-fade': reduced ? '0ms' : `${CAROUSEL_FADE_MS}ms` } as CSSProperties;

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={FeaturingText.title}
      style={style}
      data-playing={playing}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHeld(false);
      }}
    >
      <ParticleField still={reduced || paused} />
      <div className="carousel__slides" aria-live={playing ? 'off' : 'polite'}>
        {items.map((item, i) => (
          <figure
            key={String(item.gallery_id)}
            className={`carousel__slide${i === index ? ' carousel__slide--active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={FeaturingText.slide(i + 1, count)}
            aria-hidden={i !== index}
            inert={i !== index}
          >
            <img className="carousel__img" src={item.image} alt={item.title} />
            <figcaption className="carousel__caption">
              <span className="carousel__title">{item.title}</span>
              {item.description && <span className="carousel__text">{item.description}</span>}
              <time className="carousel__date" dateTime={item.date}>
                {formatDate(item.date)}
              </time>
            </figcaption>
          </figure>
        ))}
      </div>
      {count > 1 && (
        <div className="carousel__controls">
          {!reduced && (
            <button
              type="button"
              className="carousel__button"
              onClick={() => setPaused((p) => !p)}
              aria-label={paused ? FeaturingText.play : FeaturingText.pause}
            >
              <Icon name={paused ? 'play' : 'pause'} />
            </button>
          )}
          <button
            type="button"
            className="carousel__button"
            onClick={() => go(index - 1)}
            aria-label={FeaturingText.previous}
          >
            <Icon name="previous" />
          </button>
          <ol className="carousel__dots">
            {items.map((item, i) => (
              <li key={String(item.gallery_id)}>
                <button
                  type="button"
                  className="carousel__dot"
                  aria-label={FeaturingText.goTo(i + 1)}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => go(i)}
                />
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="carousel__button"
            onClick={() => go(index + 1)}
            aria-label={FeaturingText.next}
          >
            <Icon name="next" />
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * `/event/featuring.html`, SPEC §2/§9: the featured items (the gallery's entries) in a carousel,
 * autoplay 5000 ms, fade 500 ms, particles behind; under prefers-reduced-motion nothing moves
 * (no autoplay, no fade, the particles stand still), and Pause stops the particles too.
 */
export function FeaturingPage() {
  const gallery = useQuery({ queryKey: ['events', 'gallery'], queryFn: fetchGallery, retry: 1 });
  const items = gallery.data;
  return (
    <EventShell
      title={FeaturingText.title}
      documentTitle={FeaturingText.documentTitle}
      lead={FeaturingText.lead}
      wide
    >
      {!items ? (
        <LoadState
          failed={gallery.isError}
          loadingText={GalleryDataText.loading}
          failedText={GalleryDataText.failed}
          onRetry={() => void gallery.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="event-empty">{EventsText.noImages}</p>
      ) : (
        <Carousel items={items} />
      )}
    </EventShell>
  );
}

/** The lazy route's default export (`app/router.tsx`). */
export default FeaturingPage;
