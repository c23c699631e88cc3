import { describe, expect, it } from 'vitest';
import { AppRoute } from '@atrium/protocol';
import { isPhoneOrTablet, worldPageFor } from './device.ts';

/** Real user agents, with the touch points and platform their browsers report. */
const MOBILE: [name: string, ua: string, touch: number, platform: string][] = [
  [
    'iPhone, Safari',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    5,
    'iPhone',
  ],
  [
    'iPhone, Chrome',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
    5,
    'iPhone',
  ],
  [
    'iPad, iOS 12',
    'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
    5,
    'iPad',
  ],
  [
    'iPadOS posing as a Mac',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    5,
    'MacIntel',
  ],
  [
    'iPhone asking for the desktop site',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    5,
    '',
  ],
  [
    'Android phone, Chrome',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    5,
    'Linux armv81',
  ],
  [
    'Android tablet, Chrome',
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    10,
    'Linux aarch64',
  ],
  [
    'Android, Firefox',
    'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
    5,
    'Linux aarch64',
  ],
  [
    'Android, Samsung Internet',
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
    5,
    'Linux aarch64',
  ],
  [
    'Android asking for the desktop site',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    5,
    'Linux armv8l',
  ],
  [
    'Windows Phone',
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063',
    5,
    'Win32',
  ],
  [
    'Windows Mobile, IE',
    'Mozilla/5.0 (compatible; MSIE 9.0; Windows Phone OS 7.5; Trident/5.0; IEMobile/9.0; NOKIA; Lumia 800)',
    1,
    'WinCE',
  ],
  [
    'Kindle Fire, Silk',
    'Mozilla/5.0 (Linux; U; Android 4.0.3; en-us; KFTT Build/IML74K) AppleWebKit/537.36 (KHTML, like Gecko) Silk/3.68 like Chrome/39.0.2171.93 Safari/537.36',
    5,
    'Linux armv7l',
  ],
  [
    'BlackBerry 10',
    'Mozilla/5.0 (BB10; Touch) AppleWebKit/537.10+ (KHTML, like Gecko) Version/10.0.9.2372 Mobile Safari/537.10+',
    5,
    '',
  ],
];

const DESKTOP: [name: string, ua: string, touch: number, platform: string][] = [
  [
    'Windows, Chrome',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    0,
    'Win32',
  ],
  [
    'Windows touch laptop, Edge',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
    10,
    'Win32',
  ],
  [
    'Windows, Firefox',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
    0,
    'Win32',
  ],
  [
    'Mac, Safari',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    0,
    'MacIntel',
  ],
  [
    'Mac, Chrome',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    0,
    'MacIntel',
  ],
  [
    'Linux, Firefox',
    'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
    0,
    'Linux x86_64',
  ],
  [
    'ChromeOS',
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    10,
    'Linux x86_64',
  ],
  [
    'Headless Chromium',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
    0,
    'Linux x86_64',
  ],
];

describe('isPhoneOrTablet (phones and tablets get the mobile page)', () => {
  it.each(MOBILE)('recognises %s', (_name, ua, touch, platform) => {
    expect(isPhoneOrTablet(ua, touch, platform)).toBe(true);
  });

  it.each(DESKTOP)('leaves %s on the desktop page', (_name, ua, touch, platform) => {
    expect(isPhoneOrTablet(ua, touch, platform)).toBe(false);
  });

  it('does not take a Mac for a tablet when the platform is not given', () => {
    const mac = DESKTOP.find(([name]) => name === 'Mac, Safari')![1];
    expect(isPhoneOrTablet(mac, 0)).toBe(false);
  });

  it('treats an unknown or empty user agent as a computer', () => {
    expect(isPhoneOrTablet('', 0)).toBe(false);
  });
});

describe('worldPageFor (SPEC §4: only a device that cannot run the world is warned)', () => {
  it('sends a phone or tablet with WebGL to the mobile page', () => {
    expect(worldPageFor({ phoneOrTablet: true, webgl: true })).toBe(AppRoute.mobileMetaverse);
  });

  it('keeps a computer with WebGL on the desktop page', () => {
    expect(worldPageFor({ phoneOrTablet: false, webgl: true })).toBe(AppRoute.metaverse);
  });

  it('warns any device without WebGL', () => {
    expect(worldPageFor({ phoneOrTablet: true, webgl: false })).toBe('unsupported');
    expect(worldPageFor({ phoneOrTablet: false, webgl: false })).toBe('unsupported');
  });
});
