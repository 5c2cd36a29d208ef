import { defineErrorCodes, type CodesOf } from '../shared/error-codes.js';
/** Rejection codes of the device-credentials (MQTT) module (status, rule and meaning; registered in the shared registry, shared/error-codes.ts). */
export const MQTT_CODES = defineErrorCodes({
  INVALID_DEVICE_ID: { status: 400, ruleId: null, meaning: 'A table or device id is not 1-64 characters of A-Z a-z 0-9 _ . : - (it is part of MQTT topics and usernames).' },
  DEVICE_CREDENTIAL_NOT_FOUND: { status: 404, ruleId: null, meaning: 'The device has no MQTT credential to revoke.' },
});


declare module '../shared/error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof MQTT_CODES> {}
}
