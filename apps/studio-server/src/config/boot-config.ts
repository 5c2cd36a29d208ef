import { ConfigError, configFromEnv, type FeltConfig } from './config.js';

/**
 * The first thing the server process does: validate the environment. A bad value ends the process
 * with exit code 2 and one line per bad variable on stderr (no stack trace), before anything starts.
 */
export function bootConfig(env: Readonly<Record<string, string | undefined>> = process.env, purpose: 'server' | 'migrate' = 'server'): FeltConfig {
  try {
    return configFromEnv(env, purpose);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    process.stderr.write(`studio-server: ${e.message}\nSee docs/operations.md ("Running against PostgreSQL, Redis and Mosquitto") for every variable.\n`);
    process.exit(2);
  }
}
