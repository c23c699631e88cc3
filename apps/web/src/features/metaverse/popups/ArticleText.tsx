import type { ComponentProps, ReactNode } from 'react';
import { toParagraphs } from './paragraphs.ts';
import { MetaverseText } from './texts.ts';
import { splitArticleText, videoEmbedUrl } from './videoLinks.ts';
import type { ArticlePart } from './videoLinks.ts';

/**
 * An article's plain text as paragraphs, with its links as links and its video links (SPEC §5's
 * four forms) as embedded players. Nothing in the text is read as HTML.
 */
export function ArticleText({ text, ...rest }: { text: string } & ComponentProps<'div'>) {
  const blocks: ReactNode[] = [];
  let videos = 0;
  toParagraphs(text).forEach((paragraph, p) => {
    let run: ArticlePart[] = [];
    const flush = (key: string) => {
      const inline = trimRun(run);
      if (inline.length > 0) blocks.push(<p key={key}>{inline.map(renderInline)}</p>);
      run = [];
    };
    splitArticleText(paragraph).forEach((part, i) => {
      if (part.kind !== 'video') {
        run.push(part);
        return;
      }
      flush(`${p}-${i}-text`);
      videos += 1;
      blocks.push(
        <VideoPlayer
          key={`${p}-${i}`}
          id={part.id}
          title={MetaverseText.video.frameTitle(videos)}
        />,
      );
    });
    flush(`${p}-end`);
  });
  // The rest of the props (id, ref) come from Radix's Description when it wraps this.
  return <div {...rest}>{blocks}</div>;
}

/** A 16:9 player on YouTube's privacy-enhanced host, loaded only when scrolled near. */
function VideoPlayer({ id, title }: { id: string; title: string }) {
  return (
    <div className="article-video">
      <iframe
        className="article-video__frame"
        src={videoEmbedUrl(id)}
        title={title}
        loading="lazy"
        // The page sends no referrer; YouTube's player needs the origin to start.
        referrerPolicy="strict-origin-when-cross-origin"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; web-share"
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
        allowFullScreen
      />
    </div>
  );
}

/** Drops the line breaks and spaces left at either end of a run by a video taken out of it. */
function trimRun(run: ArticlePart[]): ArticlePart[] {
  const parts = run.map((part) => ({ ...part }));
  const first = parts[0];
  if (first?.kind === 'text') first.text = first.text.trimStart();
  const last = parts.at(-1);
  if (last?.kind === 'text') last.text = last.text.trimEnd();
  return parts.filter((part) => part.kind !== 'text' || part.text !== '');
}

function renderInline(part: ArticlePart, i: number): ReactNode {
  if (part.kind === 'link') {
    return (
      <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
        {part.href}
        <span className="visually-hidden"> {MetaverseText.video.opensInNewTab}</span>
      </a>
    );
  }
  return part.kind === 'text' ? part.text : null;
}
