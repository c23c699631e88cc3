import { describe, expect, it } from 'vitest';
import { splitArticleText, videoEmbedUrl, videoIdOf } from './videoLinks.ts';

const ID = 'dQw4w9WgXcQ';

describe('videoIdOf', () => {
  it('reads the id of the four YouTube link forms', () => {
    expect(videoIdOf(`https://www.youtube.com/watch?v=${ID}`)).toBe(ID);
    expect(videoIdOf(`https://youtube.com/watch?feature=share&v=${ID}&t=42`)).toBe(ID);
    expect(videoIdOf(`https://m.youtube.com/watch?v=${ID}`)).toBe(ID);
    expect(videoIdOf(`https://youtu.be/${ID}`)).toBe(ID);
    expect(videoIdOf(`https://youtu.be/${ID}?t=10`)).toBe(ID);
    expect(videoIdOf(`https://www.youtube.com/embed/${ID}`)).toBe(ID);
    expect(videoIdOf(`http://www.youtube.com/v/${ID}`)).toBe(ID);
    expect(videoIdOf(`https://WWW.YouTube.com/embed/a_b-c_d-e_f`)).toBe('a_b-c_d-e_f');
  });

  it('needs exactly 11 id characters of the allowed set', () => {
    expect(videoIdOf('https://youtu.be/dQw4w9WgXc')).toBeNull();
    expect(videoIdOf('https://youtu.be/dQw4w9WgXcQQ')).toBeNull();
    expect(videoIdOf('https://www.youtube.com/watch?v=dQw4w9WgX%22')).toBeNull();
    expect(videoIdOf('https://www.youtube.com/embed/dQw4w9WgX.Q')).toBeNull();
    expect(videoIdOf('https://www.youtube.com/watch?v=')).toBeNull();
  });

  it('refuses other hosts, paths and schemes', () => {
    expect(videoIdOf(`https://www.youtube.com.evil.example/watch?v=${ID}`)).toBeNull();
    expect(videoIdOf(`https://evil.example/youtu.be/${ID}`)).toBeNull();
    expect(videoIdOf(`https://notyoutube.com/watch?v=${ID}`)).toBeNull();
    expect(videoIdOf(`https://www.youtube.com/shorts/${ID}`)).toBeNull();
    expect(videoIdOf(`https://www.youtube.com/embed/${ID}/extra`)).toBeNull();
    expect(videoIdOf(`https://youtu.be/x/${ID}`)).toBeNull();
    expect(videoIdOf(`javascript://www.youtube.com/watch?v=${ID}`)).toBeNull();
    expect(videoIdOf(`ftp://youtu.be/${ID}`)).toBeNull();
    expect(videoIdOf(`https://user@youtu.be/${ID}`)).toBeNull();
    expect(videoIdOf(`https://youtu.be:8443/${ID}`)).toBeNull();
    expect(videoIdOf('not a link')).toBeNull();
  });

  it('embeds on the privacy-enhanced host', () => {
    expect(videoEmbedUrl(ID)).toBe(`https://www.youtube-nocookie.com/embed/${ID}`);
  });
});

describe('splitArticleText', () => {
  it('keeps a paragraph without links as one text part', () => {
    expect(splitArticleText('Just <b>text</b>, www.youtube.com too.')).toEqual([
      { kind: 'text', text: 'Just <b>text</b>, www.youtube.com too.' },
    ]);
  });

  it('turns video links into videos and other links into links, keeping the punctuation', () => {
    expect(
      splitArticleText(
        `Watch https://youtu.be/${ID}. More at https://example.org/page?a=1, or (https://www.youtube.com/shorts/${ID}).`,
      ),
    ).toEqual([
      { kind: 'text', text: 'Watch ' },
      { kind: 'video', id: ID, href: `https://youtu.be/${ID}` },
      { kind: 'text', text: '. More at ' },
      { kind: 'link', href: 'https://example.org/page?a=1' },
      { kind: 'text', text: ', or (' },
      { kind: 'link', href: `https://www.youtube.com/shorts/${ID}` },
      { kind: 'text', text: ').' },
    ]);
  });

  it('finds several videos in one paragraph', () => {
    const parts = splitArticleText(
      `https://www.youtube.com/watch?v=${ID}\nhttps://www.youtube.com/embed/aaaaaaaaaaa`,
    );
    expect(parts.map((p) => p.kind)).toEqual(['video', 'text', 'video']);
  });
});
