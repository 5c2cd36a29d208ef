#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { Agent } from './agent.js';
import { loadConfig } from './config.js';
import { jsonLogger, type LogLevel } from './logger.js';

/**
 * `node apps/edge-agent/dist/main.js --config edge.json [--log-level debug]`
 * Runs until SIGINT/SIGTERM, then stops gracefully (queued events reach the outbox, status `offline`).
 */
const USAGE = 'usage: felt-edge-agent --config <edge.json> [--log-level debug|info|warn|error]';

async function main(): Promise<number> {
  let values: { config?: string; 'log-level'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ options: { config: { type: 'string', short: 'c' }, 'log-level': { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true }));
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!values.config) {
    process.stderr.write(`missing --config\n${USAGE}\n`);
    return 2;
  }
  const level = (values['log-level'] ?? 'info') as LogLevel;
  if (!['debug', 'info', 'warn', 'error'].includes(level)) {
    process.stderr.write(`bad --log-level ${level}\n${USAGE}\n`);
    return 2;
  }
  const log = jsonLogger((l) => process.stdout.write(l), level, { svc: 'edge-agent' });
  let config;
  try {
    config = loadConfig(values.config);
  } catch (e) {
    log.log('error', (e as Error).message);
    return 2;
  }
  const agent = new Agent({ config, log });
  agent.start();
  const statsTimer = setInterval(() => log.log('info', 'stats', { devices: agent.stats() }), 60_000);
  statsTimer.unref();
  await new Promise<void>((resolve) => {
    const onSignal = (sig: NodeJS.Signals): void => {
      log.log('info', 'signal received; stopping', { signal: sig });
      resolve();
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  });
  clearInterval(statsTimer);
  const hardStop = setTimeout(() => {
    log.log('error', 'graceful stop took too long; exiting');
    process.exit(1);
  }, 10_000);
  hardStop.unref();
  await agent.stop();
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`edge agent failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 1;
  },
);
