/** Stable error codes sent in the `code` field of the failure envelope. */
export const ErrorCode = {
  validation: 'validation',
  malformedJson: 'malformed_json',
  unsupportedMediaType: 'unsupported_media_type',
  payloadTooLarge: 'payload_too_large',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  unavailable: 'unavailable',
  internal: 'internal',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Texts shared by the server and the web client. The spec's texts are copied letter for letter. */
export const CommonText = {
  /** SPEC §8: defined in the spec; Atrium uses it for unexpected server failures. */
  unknownError: 'Unknown error occured. Please try again later.',
  malformedJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'This content type is not supported.',
  payloadTooLarge: 'The request is too large.',
  notFound: 'Not found.',
  databaseUnavailable: 'The database is not answering.',
  badUrl: 'The request address is not valid.',
  urlTooLong: 'The request address is too long.',
  headersTooLarge: 'The request headers are too large.',
  clientError: 'The request could not be read.',
  /** Text the database cannot store (e.g. a NUL character) that got past the schemas. */
  unstorableText: 'The request contains characters that cannot be stored.',
} as const;
