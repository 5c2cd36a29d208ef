import { Injectable } from '@nestjs/common';

export const HEALTH_COMPONENTS = ['db', 'broker', 'queue'] as const;
export type HealthComponent = (typeof HEALTH_COMPONENTS)[number];
export type ProbeResult = 'up' | 'down';

export interface HealthReport {
  readonly status: 'ok' | 'error';
  readonly db: ProbeResult;
  readonly broker: ProbeResult;
  readonly queue: ProbeResult;
  readonly details: Partial<Record<HealthComponent, string>>;
}

/** Modules register a probe per component; a probe throws (or times out) when its service is unreachable. */
@Injectable()
export class HealthService {
  private readonly probes = new Map<HealthComponent, () => Promise<void>>();

  register(component: HealthComponent, probe: () => Promise<void>): void {
    this.probes.set(component, probe);
  }

  async check(timeoutMs = 2000): Promise<HealthReport> {
    const details: Partial<Record<HealthComponent, string>> = {};
    const results = await Promise.all(
      HEALTH_COMPONENTS.map(async (c): Promise<ProbeResult> => {
        const probe = this.probes.get(c);
        if (probe === undefined) {
          details[c] = 'no probe registered';
          return 'down';
        }
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            probe(),
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
            }),
          ]);
          return 'up';
        } catch (err) {
          details[c] = err instanceof Error ? err.message : String(err);
          return 'down';
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    const [db = 'down', broker = 'down', queue = 'down'] = results;
    return { status: results.every((r) => r === 'up') ? 'ok' : 'error', db, broker, queue, details };
  }
}
