/** The three.js world engine. Systems arrive with the world issue; this marks the package boundary. */
export const WORLD_ENGINE_VERSION = '0.1.0';
