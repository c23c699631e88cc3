import { useId } from 'react';
import { AllowlistSection } from './AllowlistSection.tsx';
import { CountdownSection } from './CountdownSection.tsx';
import { GallerySection } from './GallerySection.tsx';
import { PostersSection } from './PostersSection.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { ContentText as T } from './texts.ts';
import './content.css';

/** The page's parts, in order, with their anchors. */
const parts = [
  { id: 'content-settings', label: T.settings, Section: SettingsSection },
  { id: 'content-posters', label: T.posters, Section: PostersSection },
  { id: 'content-gallery', label: T.gallery, Section: GallerySection },
  { id: 'content-countdown', label: T.countdown, Section: CountdownSection },
  { id: 'content-allowlist', label: T.allowlist, Section: AllowlistSection },
] as const;

/**
 * Content (issue 29): the site settings (where Leave goes, the public keys), the posters, the
 * event gallery and countdown, and the pop-up browser's allowlist. Each part loads, fails and
 * saves on its own.
 */
export function ContentPage() {
  const titleId = useId();
  return (
    <div className="admin-stack content" role="region" aria-labelledby={titleId}>
      <div className="content-head">
        <h2 id={titleId} className="admin-section__title">
          {T.title}
        </h2>
        <p className="admin-muted">{T.intro}</p>
        <nav className="content-jump" aria-label={T.onThisPage}>
          <ul>
            {parts.map((part) => (
              <li key={part.id}>
                <a href={`#${part.id}`}>{part.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {parts.map(({ id, Section }) => (
        <Section key={id} id={id} />
      ))}
    </div>
  );
}
