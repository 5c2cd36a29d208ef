import type { INestApplication, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from '../app.module.js';
import type { FeltConfig } from '../config/config.js';
import { ErrorFilter } from './error.filter.js';
import { serveWebApps } from './web-apps.js';

/** Applies what every instance of the HTTP app needs (also used by tests on a TestingModule's app). */
export function configureApp(app: INestApplication): INestApplication {
  app.useGlobalFilters(new ErrorFilter());
  app.enableShutdownHooks();
  app.enableCors();
  const doc = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle('Felt studio server').setDescription('Tables, rounds, bets, wallet, settlement, realtime (see ARCHITECTURE.md)').setVersion('1').addBearerAuth().build(),
  );
  SwaggerModule.setup('docs', app, doc, { jsonDocumentUrl: 'docs/json' });
  return app;
}

export async function createApp(config: FeltConfig, logger: LoggerService | false): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.forRoot(config), { logger, bufferLogs: false });
  serveWebApps(app); // /play, /dealer, /pit: the web apps' production builds (when built)
  return configureApp(app);
}
