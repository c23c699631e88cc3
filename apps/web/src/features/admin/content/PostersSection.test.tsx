// @vitest-environment happy-dom
import { PosterImageLimits, PosterText, UploadText, type Poster } from '@atrium/protocol';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DialogHost } from '../../../shared/dialogs/DialogHost.tsx';
import {
  failure,
  fakeServer,
  renderWithSession,
  type FakeRequest,
} from '../../../shared/session/sessionTestKit.tsx';
import { PostersSection } from './PostersSection.tsx';
import { slotMoves } from './posterForm.ts';
import { ContentText as T } from './texts.ts';

const poster = (id: number, slot: number, extra: Partial<Poster> = {}): Poster => ({
  id,
  world: 'campus',
  title: `Poster ${id}`,
  image: `/posters/${id}.svg`,
  description: '',
  print_url: null,
  nft_token_id: null,
  nft_price: null,
  slot,
  ...extra,
});

/** The posters route over a list the PATCHes and DELETEs change, ordered as the server does. */
function postersServer(
  start: Poster[],
  list?: (request: FakeRequest) => unknown,
  routes: Record<string, (request: FakeRequest) => unknown> = {},
) {
  let rows = [...start];
  const sorted = () => [...rows].sort((a, b) => a.slot - b.slot || a.id - b.id);
  const server = fakeServer({
    'GET /api/posters': (request) => list?.(request) ?? { status: true, data: sorted() },
    'POST /api/posters': (request) => {
      const created: Poster = { ...poster(99, 0), ...(request.body as object) };
      rows.push(created);
      return { status: true, data: created };
    },
    ...routes,
  });
  const fetch: typeof server.fetch = async (input, init) => {
    const match = /^\/api\/posters\/(\d+)$/.exec(new URL(input, 'http://x').pathname);
    if (!match) return server.fetch(input, init);
    await server.fetch(input, init);
    const id = Number(match[1]);
    if (init?.method === 'DELETE') {
      rows = rows.filter((p) => p.id !== id);
      return Response.json({ status: true, message: 'Poster removed.' });
    }
    const body = server.requests.at(-1)?.body as Partial<Poster>;
    rows = rows.map((p) => (p.id === id ? { ...p, ...body } : p));
    return Response.json({ status: true, data: rows.find((p) => p.id === id) });
  };
  renderWithSession(
    <>
      <PostersSection id="posters" />
      <DialogHost />
    </>,
    { fetch },
  );
  const sent = (method: string) =>
    server.requests.filter((r) => r.method === method).map((r) => ({ path: r.path, body: r.body }));
  return { server, sent };
}

const titles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByText(/^Poster \d+$/).textContent);

describe('Posters (issue 29)', () => {
  afterEach(cleanup);

  it('refuses a poster in the schema’s words, then creates it after the last', async () => {
    const user = userEvent.setup();
    const { sent } = postersServer([poster(1, 0), poster(2, 4)]);
    await screen.findByText('Poster 2');
    await user.click(screen.getByRole('button', { name: T.addPoster }));
    const dialog = await screen.findByRole('dialog', { name: T.addPosterTitle });
    await user.type(within(dialog).getByLabelText(T.imageUrl), 'poster.png');
    await user.type(within(dialog).getByLabelText(/^Print shop address/), 'shop');
    await user.click(within(dialog).getByRole('button', { name: T.save }));
    expect(await within(dialog).findByText('Title is required.')).toBeTruthy();
    expect(within(dialog).getByText('image must be a URL or a /path.')).toBeTruthy();
    expect(within(dialog).getByText('Invalid URL')).toBeTruthy();
    expect(sent('POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText(T.posterTitle), 'Sports day');
    await user.clear(within(dialog).getByLabelText(T.imageUrl));
    await user.type(within(dialog).getByLabelText(T.imageUrl), '/posters/6.svg');
    await user.clear(within(dialog).getByLabelText(/^Print shop address/));
    await user.type(within(dialog).getByLabelText(/^NFT token id/), '106');
    await user.click(within(dialog).getByRole('button', { name: T.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('POST')).toEqual([
      {
        path: '/api/posters',
        body: {
          world: 'campus',
          slot: 5,
          title: 'Sports day',
          image: '/posters/6.svg',
          description: '',
          print_url: null,
          nft_token_id: '106',
          nft_price: null,
        },
      },
    ]);
    expect(await screen.findByText('Sports day')).toBeTruthy();
  });

  it('uploads a picture, previews it and hangs the poster with its path', async () => {
    const user = userEvent.setup();
    const stored = '/api/posters/images/0b5c7a52-6f57-4c8e-9f3e-2f1d5d3c8a11.webp';
    let answer: unknown = failure(400, UploadText.notAnImage);
    const { server, sent } = postersServer([poster(1, 0)], undefined, {
      'POST /api/posters/images': () => answer,
    });
    await screen.findByText('Poster 1');
    await user.click(screen.getByRole('button', { name: T.addPoster }));
    const dialog = await screen.findByRole('dialog', { name: T.addPosterTitle });
    expect(within(dialog).getByText(T.noPreview)).toBeTruthy();
    const file = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    const photo = new File([new Uint8Array([1, 2, 3])], 'sports.jpg', { type: 'image/jpeg' });

    // The server's refusal, in its words; nothing goes into the form.
    await user.upload(file, photo);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(UploadText.notAnImage);
    expect(within(dialog).getByLabelText<HTMLInputElement>(T.imageUrl).value).toBe('');

    // Too large is said at once, without sending it.
    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: PosterImageLimits.maxBytes + 1 });
    const uploads = () => server.requests.filter((r) => r.path === '/api/posters/images').length;
    const before = uploads();
    await user.upload(file, huge);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(PosterText.imageTooLarge);
    expect(uploads()).toBe(before);

    answer = { status: true, data: { image: stored, width: 1536, height: 2048, bytes: 91_000 } };
    await user.upload(file, photo);
    expect(await within(dialog).findByText(T.uploaded(1536, 2048))).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    const request = server.requests.filter((r) => r.path === '/api/posters/images').at(-1)!;
    expect((request.form?.get(PosterImageLimits.field) as File).name).toBe('sports.jpg');
    expect(within(dialog).getByLabelText<HTMLInputElement>(T.imageUrl).value).toBe(stored);
    expect(within(dialog).getByRole('img', { name: T.preview }).getAttribute('src')).toBe(stored);

    await user.type(within(dialog).getByLabelText(T.posterTitle), 'Sports day');
    await user.click(within(dialog).getByRole('button', { name: T.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('POST').filter((r) => r.path === '/api/posters')).toMatchObject([
      { body: { title: 'Sports day', image: stored } },
    ]);
  });

  it('moves a poster down with two updates that swap the slots, keeping focus', async () => {
    const user = userEvent.setup();
    const { sent } = postersServer([poster(1, 0), poster(2, 3), poster(3, 7)]);
    await screen.findByText('Poster 3');
    expect(titles()).toEqual(['Poster 1', 'Poster 2', 'Poster 3']);
    const down = screen.getByRole('button', { name: T.moveDownNamed('Poster 1') });
    // At the top, Move up is there but says it cannot.
    expect(
      screen.getByRole('button', { name: T.moveUpNamed('Poster 1') }).getAttribute('aria-disabled'),
    ).toBe('true');
    down.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(titles()).toEqual(['Poster 2', 'Poster 1', 'Poster 3']));
    expect(sent('PATCH')).toEqual([
      { path: '/api/posters/1', body: { slot: 3 } },
      { path: '/api/posters/2', body: { slot: 0 } },
    ]);
    await waitFor(() =>
      expect(document.activeElement?.textContent).toContain(T.moveDownNamed('Poster 1')),
    );
    expect(screen.getByText(T.moved('Poster 1', 2))).toBeTruthy();
  });

  it('numbers the list afresh when two posters share a slot', () => {
    const list = [poster(1, 0), poster(2, 0), poster(3, 0)];
    expect(slotMoves(list, 2, -1)).toEqual([
      { id: 3, slot: 1 },
      { id: 2, slot: 2 },
    ]);
    expect(slotMoves(list, 0, -1)).toEqual([]);
  });

  it('takes a poster down after saying what goes', async () => {
    const user = userEvent.setup();
    const { sent } = postersServer([poster(1, 0, { title: 'Harbour Lights' })]);
    await user.click(await screen.findByRole('button', { name: /^Actions for Harbour Lights/ }));
    await user.click(screen.getByRole('button', { name: T.remove }));
    const confirm = await screen.findByRole('alertdialog', {
      name: T.removePosterTitle('Harbour Lights'),
    });
    expect(within(confirm).getByText(T.removePosterText('Harbour Lights'))).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: T.remove }));
    expect(await screen.findByText(T.noPosters)).toBeTruthy();
    expect(sent('DELETE')).toEqual([{ path: '/api/posters/1', body: undefined }]);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: T.addPoster })),
    );
  });

  it('says when the list fails, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    postersServer([poster(1, 0)], () => (fail ? failure(500, 'The database is asleep.') : null));
    expect((await screen.findByRole('alert')).textContent).toContain('The database is asleep.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Poster 1')).toBeTruthy();
  });
});
