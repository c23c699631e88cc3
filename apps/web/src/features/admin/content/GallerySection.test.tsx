// @vitest-environment happy-dom
import { EventsServerText, type GalleryEntry } from '@atrium/protocol';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DialogHost } from '../../../shared/dialogs/DialogHost.tsx';
import { fakeServer, renderWithSession } from '../../../shared/session/sessionTestKit.tsx';
import { GallerySection } from './GallerySection.tsx';
import { ContentText as T } from './texts.ts';

const entry = (id: string | number, title: string): GalleryEntry => ({
  gallery_id: id,
  title,
  image: `/event/${id}.jpg`,
  thumbnail: `/event/${id}-small.jpg`,
  description: '',
  date: '2022-05-04',
});

function galleryServer(entries: GalleryEntry[]) {
  const server = fakeServer({
    'GET /api/public/gallery.json': () => entries,
    'PUT /api/events/gallery': (request) => ({
      status: true,
      data: (request.body as { entries: GalleryEntry[] }).entries,
    }),
  });
  renderWithSession(
    <>
      <GallerySection id="gallery" />
      <DialogHost />
    </>,
    { fetch: server.fetch },
  );
  const puts = () => server.requests.filter((r) => r.method === 'PUT').map((r) => r.body);
  return { puts };
}

const listed = () =>
  within(screen.getByRole('list', { name: T.gallery }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.admin-strong')?.textContent);

describe('Event gallery (issue 29)', () => {
  afterEach(cleanup);

  it('adds an entry checked by the contract, moves one, and saves the list in order', async () => {
    const user = userEvent.setup();
    const { puts } = galleryServer([entry(7, 'Harbour'), entry('opening', 'Opening night')]);
    await screen.findByText('Harbour');
    await user.click(screen.getByRole('button', { name: T.addEntry }));
    const dialog = await screen.findByRole('dialog', { name: T.addEntryTitle });
    await user.type(within(dialog).getByLabelText(T.entryId), 'opening');
    await user.type(within(dialog).getByLabelText(T.entryImage), 'photo.jpg');
    await user.click(within(dialog).getByRole('button', { name: T.add }));
    expect(await within(dialog).findByText(EventsServerText.galleryTitleRequired)).toBeTruthy();
    expect(within(dialog).getByText(EventsServerText.galleryImageInvalid)).toBeTruthy();
    expect(within(dialog).getByText(EventsServerText.galleryDateInvalid)).toBeTruthy();
    expect(within(dialog).getByText(T.idTaken)).toBeTruthy();

    await user.type(within(dialog).getByLabelText(T.entryTitle), 'Sports day');
    await user.clear(within(dialog).getByLabelText(T.entryId));
    await user.type(within(dialog).getByLabelText(T.entryId), 'sports');
    await user.clear(within(dialog).getByLabelText(T.entryImage));
    await user.type(within(dialog).getByLabelText(T.entryImage), '/event/sports.jpg');
    await user.type(within(dialog).getByLabelText(T.entryDate), '2022-06-01');
    await user.click(within(dialog).getByRole('button', { name: T.add }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(listed()).toEqual(['Harbour', 'Opening night', 'Sports day']);
    expect(screen.getByText(T.unsaved)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: T.moveUpNamed('Sports day') }));
    expect(listed()).toEqual(['Harbour', 'Sports day', 'Opening night']);
    expect(document.activeElement?.textContent).toContain(T.moveUpNamed('Sports day'));
    expect(puts()).toEqual([]);

    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      entries: [
        entry(7, 'Harbour'),
        {
          gallery_id: 'sports',
          title: 'Sports day',
          image: '/event/sports.jpg',
          thumbnail: '/event/sports.jpg',
          description: '',
          date: '2022-06-01',
        },
        entry('opening', 'Opening night'),
      ],
    });
    await waitFor(() => expect(screen.queryByText(T.unsaved)).toBeNull());
  });

  it('removes an entry after saying when it goes', async () => {
    const user = userEvent.setup();
    const { puts } = galleryServer([entry('a', 'First'), entry('b', 'Second')]);
    await user.click(await screen.findByRole('button', { name: /^Actions for First/ }));
    await user.click(screen.getByRole('button', { name: T.remove }));
    const confirm = await screen.findByRole('alertdialog', { name: T.removeEntryTitle('First') });
    expect(within(confirm).getByText(T.removeEntryText)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: T.remove }));
    await waitFor(() => expect(listed()).toEqual(['Second']));
    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => expect(puts()).toEqual([{ entries: [entry('b', 'Second')] }]));
  });
});
