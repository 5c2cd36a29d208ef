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
