/** A device's MQTT credential as listed (never the secret) and as issued (the secret once): defined once in @felt-studio/protocol (issue 19 §5). */
export type { DeviceCredentialInfo, IssuedDeviceCredential } from '@felt-studio/protocol';
