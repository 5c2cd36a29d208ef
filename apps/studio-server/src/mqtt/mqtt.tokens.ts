/** A connected mqtt.js `MqttClient` (to MQTT_URL, or to the embedded aedes broker). */
export const MQTT_CLIENT = Symbol('MQTT_CLIENT');
/** The embedded broker (`EmbeddedBroker`) or null when MQTT_URL points to an external one. */
export const MQTT_BROKER = Symbol('MQTT_BROKER');
