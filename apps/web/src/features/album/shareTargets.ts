/** SPEC §2: the six share targets, in the order the modal shows them. */
export const SHARE_TARGETS = [
  'facebook',
  'twitter',
  'linkedin',
  'pinterest',
  'email',
  'whatsapp',
] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

/** Labels shown on the buttons. */
export const SHARE_TARGET_LABELS: Record<ShareTarget, string> = {
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  email: 'Email',
  whatsapp: 'WhatsApp',
};

export interface SharePayload {
  /** The public share page (`/p/{token}`). */
  url: string;
  /** The text inviting people to join. */
  text: string;
  /** Email subject. */
  subject: string;
  /** The public image itself, for networks that pin a picture (Pinterest). */
  imageUrl?: string;
}

const q = encodeURIComponent;

/** The address that shares `payload` on `target`. */
export function shareTargetUrl(target: ShareTarget, payload: SharePayload): string {
  const { url, text, subject, imageUrl } = payload;
  switch (target) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${q(url)}&quote=${q(text)}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${q(url)}&text=${q(text)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${q(url)}`;
    case 'pinterest':
      return `https://pinterest.com/pin/create/button/?url=${q(url)}&media=${q(imageUrl ?? url)}&description=${q(text)}`;
    case 'email':
      return `mailto:?subject=${q(subject)}&body=${q(`${text}\n\n${url}`)}`;
    case 'whatsapp':
      return `https://api.whatsapp.com/send?text=${q(`${text} ${url}`)}`;
    default: {
      const never: never = target;
      throw new Error(`Unknown share target: ${String(never)}`);
    }
  }
}

/** Size of the share pop-up window. */
export const SHARE_POPUP = { width: 600, height: 520 } as const;

/**
 * `window.open` features for a centred pop-up that cannot reach back into this page. With
 * `detached: false` the opener gets the window (to send it on once the link exists) and must cut
 * `popup.opener` itself before it leaves this origin.
 */
export function sharePopupFeatures(
  screenLeft: number,
  screenTop: number,
  outerWidth: number,
  outerHeight: number,
  detached = true,
): string {
  const left = Math.max(0, Math.round(screenLeft + (outerWidth - SHARE_POPUP.width) / 2));
  const top = Math.max(0, Math.round(screenTop + (outerHeight - SHARE_POPUP.height) / 2));
  const base = `popup=yes,width=${SHARE_POPUP.width},height=${SHARE_POPUP.height},left=${left},top=${top}`;
  return detached ? `${base},noopener,noreferrer` : base;
}
