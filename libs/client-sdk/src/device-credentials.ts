/** A device's MQTT credential as listed (issue 9 finding 1): username `{tableId}/{deviceId}`, never the secret. */
export interface DeviceCredentialInfo {
  readonly username: string;
  readonly tableId: string;
  readonly deviceId: string;
  readonly createdAt: number;
  readonly rotatedAt: number;
}

/** Returned once when a credential is issued or rotated. */
export interface IssuedDeviceCredential extends DeviceCredentialInfo {
  readonly password: string;
}
