import type { FeatureSchema } from '../persistence/entities.js';
import { DeviceCredentialEntity } from './device-credential.entity.js';

/** The mqtt module's table (its migration is auth's trust migration; collected by src/server-schema.ts). */
export const MQTT_SCHEMA: FeatureSchema = { entities: [DeviceCredentialEntity], migrations: [] };
