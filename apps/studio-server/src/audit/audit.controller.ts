import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import { JwtAuthGuard } from '../auth/jwt-auth.guard.js';
import { Roles } from '../auth/roles.decorator.js';
import { RolesGuard } from '../auth/roles.guard.js';
import { AuditService, type AuditRecord } from './audit.service.js';

@ApiTags('audit')
@ApiBearerAuth()
@Controller('audit')
@UseGuards(JwtAuthGuard, RolesGuard)
export class AuditController {
  constructor(@Inject(AuditService) private readonly audit: AuditService) {}

  @Get()
  @Roles('pitboss', 'admin')
  @ApiQuery({ name: 'target', required: false })
  @ApiQuery({ name: 'limit', required: false })
  list(@Query('target') target?: string, @Query('limit') limit?: string): Promise<AuditRecord[]> {
    return this.audit.list(limit === undefined ? 100 : Number.parseInt(limit, 10) || 100, target);
  }
}
