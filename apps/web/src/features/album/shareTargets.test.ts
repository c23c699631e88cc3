import { describe, expect, it } from 'vitest';
import {
  SHARE_TARGETS,
  shareTargetUrl,
  sharePopupFeatures,
  type SharePayload,
} from './shareTargets.ts';

const payload: SharePayload = {
  url: 'https://campus.example/p/abc_DEF-123',
  text: 'Come join me & see!',
  subject: 'A photo',
  imageUrl: 'https://campus.example/api/public/photo/abc_DEF-123',
};
const url = encodeURIComponent(payload.url);
const text = encodeURIComponent(payload.text);

describe('shareTargetUrl', () => {
  it('has the six SPEC targets', () => {
    expect(SHARE_TARGETS).toEqual([
      'facebook',
      'twitter',
      'linkedin',
      'pinterest',
      'email',
      'whatsapp',
    ]);
  });

  it('builds each network address with encoded parts', () => {
    expect(shareTargetUrl('facebook', payload)).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${url}&quote=${text}`,
    );
    expect(shareTargetUrl('twitter', payload)).toBe(
      `https://twitter.com/intent/tweet?url=${url}&text=${text}`,
    );
    expect(shareTargetUrl('linkedin', payload)).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    );
    expect(shareTargetUrl('pinterest', payload)).toBe(
      `https://pinterest.com/pin/create/button/?url=${url}&media=${encodeURIComponent(payload.imageUrl ?? '')}&description=${text}`,
    );
    expect(shareTargetUrl('whatsapp', payload)).toBe(
      `https://api.whatsapp.com/send?text=${encodeURIComponent(`${payload.text} ${payload.url}`)}`,
    );
  });

  it('uses mailto for email, with the address in the body', () => {
    const mail = shareTargetUrl('email', payload);
    expect(mail.startsWith('mailto:?subject=A%20photo&body=')).toBe(true);
    expect(decodeURIComponent(mail.split('body=')[1] ?? '')).toBe(
      `${payload.text}\n\n${payload.url}`,
    );
  });

  it('never leaves a raw & or space from the text in the address', () => {
    for (const target of SHARE_TARGETS) {
      expect(shareTargetUrl(target, payload)).not.toContain(' & ');
    }
  });
});

describe('sharePopupFeatures', () => {
  it('asks for a sized, centred pop-up without an opener', () => {
    const features = sharePopupFeatures(0, 0, 1600, 1000);
    expect(features).toContain('width=600');
    expect(features).toContain('height=520');
    expect(features).toContain('left=500');
    expect(features).toContain('noopener');
  });

  it('keeps the window reachable only when asked, to send it on once the link exists', () => {
    const features = sharePopupFeatures(0, 0, 1600, 1000, false);
    expect(features).toContain('width=600');
    expect(features).not.toContain('noopener');
    expect(features).not.toContain('noreferrer');
  });
});
