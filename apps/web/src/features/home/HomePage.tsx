import { AppRoute } from '@atrium/protocol';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../shared/texts.ts';
import { CampusIllustration } from '../../shared/ui/CampusIllustration.tsx';
import { usePageTitle } from '../../shared/ui/usePageTitle.ts';
import { FeatureIcon, type FeatureIconName } from './FeatureIcon.tsx';
import './HomePage.css';

interface Feature {
  icon: FeatureIconName;
  title: string;
  text: string;
}

const features: Feature[] = [
  {
    icon: 'explore',
    title: 'Explore together',
    text: 'Walk through a shared 3D campus with classmates and visitors, and see everyone move in real time.',
  },
  {
    icon: 'classroom',
    title: 'Live classrooms',
    text: 'Teachers open video rooms with chat, screen sharing and a shared whiteboard.',
  },
  {
    icon: 'album',
    title: 'Your own album',
    text: 'Take photos in the world, edit them with stickers and filters, and share the best ones.',
  },
  {
    icon: 'friends',
    title: 'Friends and calls',
    text: 'See who is online, add friends and call them, or invite a few into a group call.',
  },
];

export interface HomePageProps {
  /** The account card (the auth feature's), placed by the app beside the welcome text. */
  account: ReactNode;
  /** The side video-conference panel (the classroom feature's), placed by the app. */
  conference?: ReactNode;
  /** The second chat panel's launcher (the chat feature's), placed by the app. */
  chat?: ReactNode;
}

/** The landing page at `/`. */
export function HomePage({ account, conference, chat }: HomePageProps) {
  usePageTitle(PageTitle.home);
  return (
    <div className="home">
      <section className="container home-hero" aria-labelledby="home-title">
        <div className="home-hero__text">
          <p className="home-hero__eyebrow">Welcome to Atrium</p>
          <h1 id="home-title" className="home-hero__title">
            A 3D campus in your browser
          </h1>
          <p className="home-hero__lead">
            Atrium brings your school, museum or event into one shared world. Meet people, learn in
            live classrooms and keep the moments you like, with nothing to install.
          </p>
          <div className="button-row home-hero__actions">
            <a className="button button--secondary" href="#home-features">
              What you can do
            </a>
            {/* Issue 17's event pages (lazy routes; only this link is in the home chunk). */}
            <Link className="button button--secondary" to={AppRoute.event}>
              Launch day
            </Link>
          </div>
          <p className="home-hero__note">
            Runs in any recent browser, on a computer, tablet or phone. Guests welcome.
          </p>
          <CampusIllustration className="home-hero__illustration" />
        </div>
        <div className="home-hero__art">{account}</div>
      </section>

      <section
        id="home-features"
        className="container home-features"
        aria-labelledby="home-features-title"
      >
        <h2 id="home-features-title" className="home-features__title">
          What you can do in Atrium
        </h2>
        <ul className="home-features__grid">
          {features.map((feature) => (
            <li key={feature.icon} className="feature-card">
              <FeatureIcon name={feature.icon} />
              <h3 className="feature-card__title">{feature.title}</h3>
              <p className="feature-card__text">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
      {conference}
      {chat}
    </div>
  );
}
