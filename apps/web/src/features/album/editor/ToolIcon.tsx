import type { ToolName } from './tools.ts';

/** Outline icons of the seven tools (paths from Lucide, ISC licence; see NOTICE). */
const PATHS: Record<ToolName, string[]> = {
  text: ['M4 7V4h16v3', 'M9 20h6', 'M12 4v16'],
  graphic: [
    'M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z',
  ],
  draw: ['M17 3a2.85 2.83 0 1 1 4 4L7.5 20.5 2 22l1.5-5.5Z', 'm15 5 4 4'],
  rotate: ['M21 12a9 9 0 1 1-9-9c2.52 0 4.93 1 6.74 2.74L21 8', 'M21 3v5h-5'],
  adjust: ['M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z', 'M12 3v18', 'M12 7h5', 'M12 11h8', 'M12 15h7'],
  flip: [
    'M8 3H5a2 2 0 0 0-2 2v14c0 1.1.9 2 2 2h3',
    'M16 3h3a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-3',
    'M12 20v2',
    'M12 14v2',
    'M12 8v2',
    'M12 2v2',
  ],
  crop: ['M6 2v14a2 2 0 0 0 2 2h14', 'M18 22V8a2 2 0 0 0-2-2H2'],
};

export function ToolIcon({ tool }: { tool: ToolName }) {
  return (
    <svg
      className="editor-tools__icon"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {PATHS[tool].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
