/** Rejection codes of the platform (validation, routing, the store unreachable, the last-resort 500). */
export const PLATFORM_CODES = {
  INVALID_INPUT: 'INVALID_INPUT',
  NOT_FOUND: 'NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  INTERNAL: 'INTERNAL',
  STORE_UNAVAILABLE: 'STORE_UNAVAILABLE',
} as const;
