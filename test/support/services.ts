/**
 * Integration suites use the real services of the machine. They FAIL — never skip — when a
 * service URL is missing (CI sets them; see .ci/run).
 */
export function requireEnv(name: 'DATABASE_URL' | 'REDIS_URL' | 'MQTT_URL'): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: integration tests need the real service (see README "Integration tests").`);
  return v;
}

/** A unique suffix for databases, key prefixes and topics, so parallel runs never collide. */
export function runId(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}
