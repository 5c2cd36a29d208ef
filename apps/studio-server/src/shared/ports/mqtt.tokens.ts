/** A connected mqtt.js `MqttClient` (to MQTT_URL, or to the embedded aedes broker). */
export const MQTT_CLIENT = Symbol('MQTT_CLIENT');
/** The embedded broker (`EmbeddedBroker`) or null when MQTT_URL points to an external one. */
export const MQTT_BROKER = Symbol('MQTT_BROKER');
/** The server's own MQTT credential (`MqttServerCredential`), or null on an external broker without MQTT_USERNAME. */
export const MQTT_SERVER_CREDENTIAL = Symbol('MQTT_SERVER_CREDENTIAL');

export interface MqttServerCredential {
  readonly username: string;
  readonly password: string;
}
/** Ingest's per-table persistent connections (`MqttIngestLinks`, issue 9 findings 4 and 5). */
export const MQTT_INGEST_LINKS = Symbol('MQTT_INGEST_LINKS');
/** The stable client id base of this server instance (FELT_MQTT_CLIENT_ID, default `felt-server-<host>[-<root>]`). */
export const MQTT_CLIENT_ID_BASE = Symbol('MQTT_CLIENT_ID_BASE');
/** Client ids starting with this are the server's: a device may never take one (it would take over the server's session). */
export const SERVER_CLIENT_ID_PREFIX = 'felt-server';
