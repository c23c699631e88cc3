/** Development-only pages; the router adds them only when `import.meta.env.DEV`. */
export const DevRoute = {
  /** The shell's overlays and the world's popups, to try without the world. */
  interfacePreview: '/dev/interface',
  /** The classroom panel in its main states, on a fake client with canvas video. */
  classroomPreview: '/dev/classroom',
} as const;
