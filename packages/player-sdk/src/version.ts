/** The version of this SDK, sent to the frame in the `version` message once it has loaded. */
export const SDK_VERSION = '0.1.0';
