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
    @Inject(HealthService) private readonly health: HealthService,
    @Inject(MetricsService) private readonly metrics: MetricsService,
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

  @Get('metrics')
  @ApiOkResponse({ description: 'Prometheus text exposition' })
  async getMetrics(@Res() res: RawResponse): Promise<void> {
    res.setHeader('Content-Type', this.metrics.contentType);
    res.status(200).send(await this.metrics.render());
  }
}
