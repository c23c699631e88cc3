// Line icons for the classroom controls (24 × 24, stroke: currentColor), drawn here rather than
// pulled from an icon package: a dozen shapes are smaller than any library.
const paths = {
  mic: 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3M8 21h8',
  micOff:
    'M9 9v3a3 3 0 0 0 5.1 2.1M15 9.3V6a3 3 0 0 0-5.7-1.3M5 11a7 7 0 0 0 11.5 5.4M19 11a7 7 0 0 1-.6 2.8M12 18v3M8 21h8M3 3l18 18',
  camera:
    'M3 7h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zM16 10l6-3v10l-6-3',
  cameraOff:
    'M10 7h5a1 1 0 0 1 1 1v5M16 16.5V16a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h2M16 10l6-3v10l-6-3M3 3l18 18',
  pause: 'M8 5v14M16 5v14',
  settings: 'M4 7h10M18 7h2M4 17h2M10 17h10M16 5v4M8 15v4',
  screen: 'M3 4h18v12H3zM8 20h8M12 16v4M9 10l3-3 3 3M12 7v6',
  screenOff: 'M3 4h18v12H3zM8 20h8M12 16v4M9 8l6 6M15 8l-6 6',
  whiteboard: 'M3 4h18v12H3zM12 16v5M8 21l4-5 4 5M7 12l3-3 2 2 4-4',
  leave: 'M10 17l-5-5 5-5M5 12h11M14 4h5v16h-5',
  addPerson: 'M10 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM3 21a7 7 0 0 1 14 0M19 8v6M16 11h6',
  browser: 'M3 5h18v14H3zM3 9h18M6 7h.01M9 7h.01',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  chat: 'M4 5h16v11H9l-5 4z',
  minimize: 'M5 12h14',
  maximize: 'M4 4h16v16H4z',
  fullscreen: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
  exitFullscreen: 'M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  close: 'M6 6l12 12M18 6L6 18',
  hand: 'M8 13V5.5a1.5 1.5 0 0 1 3 0V12M11 5V3.5a1.5 1.5 0 0 1 3 0V12M14 5.5a1.5 1.5 0 0 1 3 0V12M17 8.5a1.5 1.5 0 0 1 3 0V15a7 7 0 0 1-7 7h-1a7 7 0 0 1-5.6-2.8L3.3 15.7a1.5 1.5 0 0 1 2.4-1.8L8 16',
  poll: 'M4 20h16M7 16v-5M12 16V5M17 16V9',
  lock: 'M6 11h12v10H6zM9 11V7a3 3 0 0 1 6 0v4',
  record: 'M6 3h9l4 4v14H6zM9 10h7M9 14h7M9 18h4',
  endClass: 'M6 6h12v12H6z',
  removePerson: 'M10 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM3 21a7 7 0 0 1 14 0M16 11h6',
  volumeOff: 'M4 9h4l5-4v14l-5-4H4zM17 9l4 6M21 9l-4 6',
  allow: 'M4 9h4l5-4v14l-5-4H4zM16 9a4 4 0 0 1 0 6M19 6a8 8 0 0 1 0 12',
  /** Breakout groups (issue 28 §4): three people. */
  groups:
    'M12 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6.5 13a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM17.5 13a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM7 20a5 5 0 0 1 10 0M2 20a4.5 4.5 0 0 1 4.5-4.5M22 20a4.5 4.5 0 0 0-4.5-4.5',
} as const;

export type IconName = keyof typeof paths;

/** A decorative icon: the button around it carries the words. */
export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
