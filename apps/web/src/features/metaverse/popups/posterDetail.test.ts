import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../../shared/api/client.ts';
import { fetchPosterDetail, posterDetailPath, safePrintUrl } from './posterDetail.ts';

const detail = {
  id: 4,
  title: 'Harbour Lights',
  description: 'Harbour Lights, from the Atrium demo gallery.',
  url: 'https://example.org/prints',
  image: '/posters/4.svg',
  token_id: '104',
  token_price: '40',
  nft: true,
};

function clientAnswering(status: number, body: unknown, seen: string[] = []) {
  return createApiClient({
    fetch: async (input) => {
      seen.push(input);
      return new Response(JSON.stringify(body), { status });
    },
    getToken: () => 'secret',
  });
}

describe('fetchPosterDetail', () => {
  it('asks the spec endpoint and answers the detail', async () => {
    const seen: string[] = [];
    const client = clientAnswering(200, { result: true, data: detail }, seen);
    await expect(fetchPosterDetail(client, 4)).resolves.toEqual(detail);
    expect(seen).toEqual(['/apiposterdetail/poster/4']);
    expect(posterDetailPath(12)).toBe('/apiposterdetail/poster/12');
  });

  it('fails on a missing poster or a malformed answer', async () => {
    const missing = clientAnswering(404, { status: false, message: 'Unable to load detail.' });
    await expect(fetchPosterDetail(missing, 9)).rejects.toMatchObject({ status: 404 });
    const malformed = clientAnswering(200, { result: true, data: { id: 4 } });
    await expect(fetchPosterDetail(malformed, 4)).rejects.toBeInstanceOf(ApiError);
  });
});

describe('safePrintUrl', () => {
  it('keeps http(s) shop links', () => {
    expect(safePrintUrl('https://example.org/prints')).toBe('https://example.org/prints');
    expect(safePrintUrl('http://shop.example/p?id=1')).toBe('http://shop.example/p?id=1');
  });

  it('drops empty, relative and script links', () => {
    expect(safePrintUrl(null)).toBeNull();
    expect(safePrintUrl('')).toBeNull();
    expect(safePrintUrl('/prints')).toBeNull();
    expect(safePrintUrl('javascript:alert(1)')).toBeNull();
    expect(safePrintUrl('data:text/html,hi')).toBeNull();
  });
});
