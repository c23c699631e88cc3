/** The chat's development-only page (the router adds it only when `import.meta.env.DEV`). */
export const ChatDevRoute = '/dev/chat';
