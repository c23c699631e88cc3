// @vitest-environment happy-dom
import { ShareAdminText, ShareText, type PublicShare } from '@atrium/protocol';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../../shared/dialogs/DialogHost.tsx';
import { fakeServer, renderWithSession } from '../../../shared/session/sessionTestKit.tsx';
import { SharesPage } from './SharesPage.tsx';
import { frameSnippet, sdkSnippet } from './snippet.ts';
import { SharesText as T } from './texts.ts';

const share = (id: string, extra: Partial<PublicShare> = {}): PublicShare => ({
  id,
  world: 'campus',
  title: `Share ${id}`,
  allowed_origins: [],
  default_quality: 1080,
  default_location: null,
  ...extra,
});

function sharesServer(start: PublicShare[]) {
  let rows = [...start];
  const base = fakeServer({
    'GET /api/shares': () => ({ status: true, data: rows }),
    'POST /api/shares': (request) => {
      const created = request.body as PublicShare;
      rows = [...rows, created];
      return { status: true, data: created };
    },
  });
  const fetch: typeof base.fetch = async (input, init) => {
    const id = /^\/api\/shares\/(.+)$/.exec(new URL(input, 'http://x').pathname)?.[1];
    if (!id) return base.fetch(input, init);
    await base.fetch(input, init);
    if (init?.method === 'DELETE') {
      rows = rows.filter((s) => s.id !== id);
      return Response.json({ status: true, message: ShareAdminText.removed });
    }
    rows = rows.map((s) => (s.id === id ? { ...s, ...(base.requests.at(-1)?.body as object) } : s));
    return Response.json({ status: true, data: rows.find((s) => s.id === id) });
  };
  renderWithSession(
    <>
      <SharesPage />
      <DialogHost />
    </>,
    { fetch },
  );
  return () =>
    base.requests
      .filter((r) => r.method !== 'GET')
      .map((r) => ({ method: r.method, path: r.path, body: r.body }));
}

describe('Shares and embedding (issue 29)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('writes the embed code for the share, the Player SDK as its guide says', () => {
    const frame = frameSnippet('https://campus.example', share('gallery', { title: 'A "hall"' }));
    expect(frame).toContain('<iframe src="https://campus.example/embed/gallery"');
    expect(frame).toContain('title="A &quot;hall&quot;"');
    expect(frame).toContain('allow="autoplay; fullscreen" allowfullscreen');
    const sdk = sdkSnippet('https://campus.example', share('gallery'));
    expect(sdk).toContain('<script src="https://campus.example/sdk/player-sdk.umd.js"></script>');
    expect(sdk).toContain("new Atrium.Player('gallery', 'atrium-player')");
    expect(sdk).toContain('<div id="atrium-player"');
    expect(sdk).toContain("player.on('load', () => player.start());");
  });

  it('copies a share’s code and says so; without a clipboard it selects the code', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    sharesServer([
      share('gallery', { title: 'Gallery', allowed_origins: ['https://school.example'] }),
    ]);
    const code = await screen.findByRole('textbox', { name: T.codeFor(T.frameCode, 'Gallery') });
    expect((code as HTMLTextAreaElement).value).toContain(
      `${window.location.origin}/embed/gallery`,
    );
    expect(screen.getByText('https://school.example')).toBeTruthy();
    expect(screen.queryByText(T.notAllowedYet)).toBeNull();
    await user.click(
      screen.getByRole('button', { name: `${T.copy} ${T.codeFor(T.frameCode, 'Gallery')}` }),
    );
    expect(writeText).toHaveBeenCalledWith(
      frameSnippet(window.location.origin, share('gallery', { title: 'Gallery' })),
    );
    expect(await screen.findByText(T.copied)).toBeTruthy();

    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const sdk = screen.getByRole('textbox', { name: T.codeFor(T.sdkCode, 'Gallery') });
    await user.click(
      screen.getByRole('button', { name: `${T.copy} ${T.codeFor(T.sdkCode, 'Gallery')}` }),
    );
    expect(await screen.findByText(T.copySelected)).toBeTruthy();
    expect(document.activeElement).toBe(sdk);
    const area = sdk as HTMLTextAreaElement;
    expect(area.value.slice(area.selectionStart, area.selectionEnd)).toContain("'gallery'");
  });

  it('creates a share, refusing a bad site in the schema’s words', async () => {
    const user = userEvent.setup();
    const sent = sharesServer([]);
    expect(await screen.findByText(T.none)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.add }));
    const dialog = await screen.findByRole('dialog', { name: T.addTitle });
    await user.type(within(dialog).getByLabelText(T.shareTitle), 'Library');
    await user.type(within(dialog).getByLabelText(T.shareId), 'the library');
    await user.type(
      within(dialog).getByLabelText(T.origins),
      'https://school.example{Enter}https://school.example/page',
    );
    await user.click(within(dialog).getByRole('button', { name: T.create }));
    expect(
      await within(dialog).findByText(`https://school.example/page: ${ShareAdminText.badOrigin}`),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('share id may contain letters, digits, dash and underscore.'),
    ).toBeTruthy();

    await user.clear(within(dialog).getByLabelText(T.shareId));
    await user.type(within(dialog).getByLabelText(T.shareId), 'library');
    await user.clear(within(dialog).getByLabelText(T.origins));
    await user.type(within(dialog).getByLabelText(T.origins), 'https://school.example');
    await user.selectOptions(within(dialog).getByLabelText(T.arrival), 'gallery');
    await user.selectOptions(within(dialog).getByLabelText(T.quality), '720');
    await user.click(within(dialog).getByRole('button', { name: T.create }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent()).toEqual([
      {
        method: 'POST',
        path: '/api/shares',
        body: {
          id: 'library',
          title: 'Library',
          world: 'campus',
          default_location: 'gallery',
          default_quality: 720,
          allowed_origins: ['https://school.example'],
        },
      },
    ]);
    expect(
      await screen.findByRole('textbox', { name: T.codeFor(T.sdkCode, 'Library') }),
    ).toBeTruthy();
  });

  it('edits only what changed, and removes after saying what stops working', async () => {
    const user = userEvent.setup();
    const sent = sharesServer([share('campus', { title: 'Campus' })]);
    await user.click(
      await screen.findByRole('button', { name: `${T.edit} ${T.forName('Campus')}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: T.editTitle('Campus') });
    expect(within(dialog).queryByLabelText(T.shareId)).toBeNull();
    await user.type(within(dialog).getByLabelText(T.origins), 'https://museum.example:8443');
    await user.click(within(dialog).getByRole('button', { name: T.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: `${T.remove} ${T.forName('Campus')}` }));
    const confirm = await screen.findByRole('alertdialog', { name: T.removeTitle('Campus') });
    expect(within(confirm).getByText(T.removeText('campus', ShareText.unknownShare))).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: T.remove }));
    expect(await screen.findByText(T.none)).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: T.add })),
    );
    expect(sent()).toEqual([
      {
        method: 'PATCH',
        path: '/api/shares/campus',
        body: { allowed_origins: ['https://museum.example:8443'] },
      },
      { method: 'DELETE', path: '/api/shares/campus', body: undefined },
    ]);
  });
});
