/** The embeddable Player SDK. Its API arrives with the Player SDK issue. */
export const SDK_VERSION = '0.1.0';
