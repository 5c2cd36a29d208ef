import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { CLOCK, type Clock } from '../shared/clock.js';
import { HealthService } from './health.service.js';
import { MetricsService } from './metrics.service.js';

interface RawResponse {
  status(code: number): RawResponse;
  type(t: string): RawResponse;
  setHeader(k: string, v: string): void;
  send(body: unknown): void;
  json(body: unknown): void;
}

@ApiTags('ops')
@Controller()
export class OpsController {
  constructor(
    private readonly health: HealthService,
    private readonly metrics: MetricsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The server clock (epoch ms): clients estimate their offset from it (bet timers count down to `bettingClosesAt`). */
  @Get('time')
  @ApiOkResponse({ description: '{now}: the server clock, epoch ms' })
  getTime(): { now: number } {
    return { now: this.clock.now() };
  }

  @Get('health')
  @ApiOkResponse({ description: '{status:"ok", db, broker, queue} — every dependency reachable' })
  @ApiServiceUnavailableResponse({ description: 'a dependency is down (status "error")' })
  async getHealth(@Res() res: RawResponse): Promise<void> {
    const report = await this.health.check();
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  }

  /**
   * Liveness (issue 22 §10): the process is up and its event loop answers — nothing else. A dependency
   * blip (Redis, the database) never fails it, so an orchestrator never restarts every pod for one.
   */
  @Get('health/live')
  @ApiOkResponse({ description: '{status:"ok"}: the process answers' })
  getLive(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * Readiness (issue 22 §10): this instance can serve — every dependency reachable (the `/health` report)
   * and not draining. 503 while a dependency is down or after SIGTERM (the drain before the stop).
   */
  @Get('health/ready')
  @ApiOkResponse({ description: 'the /health report: every dependency reachable, not draining' })
  @ApiServiceUnavailableResponse({ description: 'a dependency is down, or the instance is draining (status "error", draining true)' })
  async getReady(@Res() res: RawResponse): Promise<void> {
    const report = await this.health.check();
    const draining = this.health.isDraining();
    res.status(report.status === 'ok' && !draining ? 200 : 503).json({ ...report, status: report.status === 'ok' && !draining ? 'ok' : 'error', draining });
  }

  @Get('metrics')
  @ApiOkResponse({ description: 'Prometheus text exposition' })
  async getMetrics(@Res() res: RawResponse): Promise<void> {
    res.setHeader('Content-Type', this.metrics.contentType);
    res.status(200).send(await this.metrics.render());
  }
}
