/**
 * The embed page's line icons (toolbar, voice): 24-unit outlines drawn with the text colour, hidden
 * from assistive technology (their buttons carry the names). `size` in CSS pixels.
 */
export const lineIconProps = (size: number) =>
  ({
    width: size,
    height: size,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    'aria-hidden': true,
  }) as const;
