/** Development-only pages; the router adds them only when `import.meta.env.DEV`. */
export const DevRoute = {
  /** The shell's overlays and the world's popups, to try without the world. */
  interfacePreview: '/dev/interface',
} as const;
