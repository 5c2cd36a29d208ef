/** Rejection codes of the device-credentials (MQTT) module (status and meaning: ops/error-codes.ts). */
export const MQTT_CODES = {
  INVALID_DEVICE_ID: 'INVALID_DEVICE_ID',
  DEVICE_CREDENTIAL_NOT_FOUND: 'DEVICE_CREDENTIAL_NOT_FOUND',
} as const;
