// @vitest-environment happy-dom
import type { Screenshot } from '@atrium/protocol';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlbumGallery } from './AlbumGallery.tsx';
import { AlbumText } from './texts.ts';

// The thumbnails' authenticated loading is not what these tests are about.
vi.mock('./AuthedImage.tsx', () => ({
  AuthedImage: ({ alt, className }: { alt: string; className?: string }) => (
    <img alt={alt} className={className} />
  ),
}));

const photo = (n: number): Screenshot => ({
  _id: `p${n}`,
  user_id: 'u1',
  screenshot_title: `Photo ${n}`,
  place_id: 'campus:plaza',
  description: '',
  image: `/files/p${n}.png`,
  image_thumb: `/files/p${n}_thumb.png`,
  width: 1280,
  height: 720,
  createdAt: '2026-11-22T10:40:00.000Z',
  updatedAt: '2026-11-22T10:40:00.000Z',
  modifiedDate: '2026-11-22T10:40:00.000Z',
});

/** The gallery with its page kept, as the album modal keeps it. */
function Paged({ photos, onOpen }: { photos: Screenshot[]; onOpen: (index: number) => void }) {
  const [page, setPage] = useState(0);
  return <AlbumGallery photos={photos} page={page} onPage={setPage} onOpenPhoto={onOpen} />;
}

const shownTitles = () =>
  screen
    .queryAllByRole('button', { name: /^Open / })
    .map((button) => button.querySelector('.album-grid__title')?.textContent);

describe('the album gallery (SPEC §9 paging)', () => {
  beforeEach(() => {
    // 1024×768: 711–1200 wide and at most 1024 high, so 8 photos a page.
    window.innerWidth = 1024;
    window.innerHeight = 768;
  });
  afterEach(cleanup);

  it('pages through 20 photos 8 at a time, with Previous and Next disabled at the ends', async () => {
    const user = userEvent.setup();
    const photos = Array.from({ length: 20 }, (_, i) => photo(i + 1));
    render(<Paged photos={photos} onOpen={() => undefined} />);

    expect(shownTitles()).toEqual(
      photos.slice(0, 8).map((p) => AlbumText.openPhoto(p.screenshot_title)),
    );
    expect(screen.getByText(AlbumText.pageOf(1, 3))).toBeTruthy();
    const previous = screen.getByRole('button', { name: AlbumText.prevPage });
    const next = screen.getByRole('button', { name: AlbumText.nextPage });
    expect((previous as HTMLButtonElement).disabled).toBe(true);

    await user.click(next);
    expect(screen.getByText(AlbumText.pageOf(2, 3))).toBeTruthy();
    expect(shownTitles()).toEqual(
      photos.slice(8, 16).map((p) => AlbumText.openPhoto(p.screenshot_title)),
    );

    await user.click(next);
    expect(shownTitles()).toEqual(
      photos.slice(16).map((p) => AlbumText.openPhoto(p.screenshot_title)),
    );
    expect((next as HTMLButtonElement).disabled).toBe(true);

    await user.click(previous);
    expect(screen.getByText(AlbumText.pageOf(2, 3))).toBeTruthy();
  });

  it('opens a photo by its index in the whole album, not in the page', async () => {
    const user = userEvent.setup();
    const opened = vi.fn();
    render(<Paged photos={Array.from({ length: 12 }, (_, i) => photo(i + 1))} onOpen={opened} />);
    await user.click(screen.getByRole('button', { name: AlbumText.nextPage }));
    await user.click(
      screen.getByRole('button', { name: new RegExp(`^${AlbumText.openPhoto('Photo 10')}`) }),
    );
    expect(opened).toHaveBeenCalledWith(9);
  });

  it('keeps a page past the end on the last page (a photo was deleted)', () => {
    render(
      <AlbumGallery
        photos={Array.from({ length: 9 }, (_, i) => photo(i + 1))}
        page={4}
        onPage={() => undefined}
        onOpenPhoto={() => undefined}
      />,
    );
    expect(screen.getByText(AlbumText.pageOf(2, 2))).toBeTruthy();
    expect(shownTitles()).toEqual([AlbumText.openPhoto('Photo 9')]);
  });

  it('shows no pager for one page, and the empty text for no photos', () => {
    const { rerender } = render(<Paged photos={[photo(1), photo(2)]} onOpen={() => undefined} />);
    expect(screen.queryByRole('navigation')).toBeNull();
    rerender(
      <AlbumGallery photos={[]} page={0} onPage={() => undefined} onOpenPhoto={() => undefined} />,
    );
    expect(screen.getByText(AlbumText.empty)).toBeTruthy();
  });

  it('shows a page of placeholders while the list loads', () => {
    render(
      <AlbumGallery
        photos={null}
        page={0}
        onPage={() => undefined}
        onOpenPhoto={() => undefined}
      />,
    );
    const list = screen.getByRole('list', { name: AlbumText.loading });
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(list.querySelectorAll('li')).toHaveLength(8);
  });
});
