/** Texts of the client storage module (SPEC §8: no localStorage falls back to cookies). */
export const StorageText = {
  noLocalStorage: 'localStorage is not available; falling back to cookie storage.',
  localStorageWriteFailed: 'localStorage refused a write; falling back to cookie storage.',
} as const;
