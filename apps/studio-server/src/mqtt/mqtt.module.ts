import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Global, Inject, Logger, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import mqtt, { type MqttClient } from 'mqtt';
import type { Subscription } from 'rxjs';
import type { DataSource } from 'typeorm';
import { CLOCK, IDS, type Clock, type Ids } from '../shared/clock.js';
import { FELT_CONFIG, settingOf, type FeltConfig } from '../config/config.js';
import { HealthService } from '../ops/health.service.js';
import { FELT_DATA_SOURCE } from '../persistence/persistence.module.js';
import { DeviceCredentialsController } from './device-credentials.controller.js';
import { DEVICE_CREDENTIALS_REPOSITORY, DeviceCredentialsService, InMemoryDeviceCredentialsRepository, TypeOrmDeviceCredentialsRepository, type DeviceCredentialsRepository } from './device-credentials.js';
import { EmbeddedBroker } from './embedded-broker.js';
import { MqttIngestLinks } from './ingest-links.js';
import { MQTT_BROKER, MQTT_CLIENT, MQTT_CLIENT_ID_BASE, MQTT_INGEST_LINKS, MQTT_SERVER_CREDENTIAL, SERVER_CLIENT_ID_PREFIX, type MqttServerCredential } from '../shared/ports/mqtt.tokens.js';

/**
 * Global: MQTT_CLIENT (a connected mqtt.js client shared by ingest and device commands) and, when
 * MQTT_URL is unset, the embedded aedes broker on MQTT_EMBEDDED_PORT (default 1885), which authenticates
 * every client (per-device credentials, issue 9 finding 1) and authorises each publish/subscribe.
 */
@Global()
@Module({
  controllers: [DeviceCredentialsController],
  providers: [
    { provide: DEVICE_CREDENTIALS_REPOSITORY, useFactory: (ds: DataSource | null) => (ds === null ? new InMemoryDeviceCredentialsRepository() : new TypeOrmDeviceCredentialsRepository(ds)), inject: [FELT_DATA_SOURCE] },
    { provide: DeviceCredentialsService, useFactory: (repo: DeviceCredentialsRepository, clock: Clock) => new DeviceCredentialsService(repo, () => clock.now()), inject: [DEVICE_CREDENTIALS_REPOSITORY, CLOCK] },
    {
      // Embedded: a fresh secret per process (only this process knows it). External: MQTT_USERNAME / MQTT_PASSWORD.
      provide: MQTT_SERVER_CREDENTIAL,
      useFactory: (config: FeltConfig): MqttServerCredential | null =>
        config.mqttUrl === null
          ? { username: 'felt-server', password: randomBytes(24).toString('base64url') }
          : config.mqttUsername
            ? { username: config.mqttUsername, password: config.mqttPassword ?? '' }
            : null,
      inject: [FELT_CONFIG],
    },
    {
      provide: MQTT_BROKER,
      useFactory: async (config: FeltConfig, creds: DeviceCredentialsService, server: MqttServerCredential | null): Promise<EmbeddedBroker | null> => {
        if (config.mqttUrl !== null || server === null) return null;
        const root = settingOf(config, 'mqttRoot');
        return EmbeddedBroker.start(config.mqttEmbeddedPort, { server, authenticateDevice: (u, p) => creds.authenticate(u, p), ...(root ? { root } : {}) });
      },
      inject: [FELT_CONFIG, DeviceCredentialsService, MQTT_SERVER_CREDENTIAL],
    },
    {
      // Stable per instance (issue 9 finding 5): the broker keeps the session (subscriptions + queued QoS 1
      // messages) across a reconnect or a restart. Two instances on one host must set FELT_MQTT_CLIENT_ID.
      provide: MQTT_CLIENT_ID_BASE,
      useFactory: (config: FeltConfig, ids: Ids): string => {
        const set = settingOf(config, 'mqttClientId');
        if (set) return set.startsWith(SERVER_CLIENT_ID_PREFIX) ? set : `${SERVER_CLIENT_ID_PREFIX}-${set}`;
        // Embedded: the broker lives and dies with this process, nothing to resume.
        if (config.mqttUrl === null) return ids.next(SERVER_CLIENT_ID_PREFIX);
        const root = settingOf(config, 'mqttRoot');
        return `${SERVER_CLIENT_ID_PREFIX}-${hostname()}${root ? `-${root.replace(/[^A-Za-z0-9_-]/g, '_')}` : ''}`;
      },
      inject: [FELT_CONFIG, IDS],
    },
    {
      provide: MQTT_CLIENT,
      useFactory: async (config: FeltConfig, broker: EmbeddedBroker | null, base: string, server: MqttServerCredential | null): Promise<MqttClient> => {
        const url = config.mqttUrl ?? broker?.url;
        if (url === undefined) throw new Error('no MQTT broker: set MQTT_URL or use the embedded broker');
        return mqtt.connectAsync(url, { clientId: `${base}-cmd`, clean: false, reconnectPeriod: 1000, connectTimeout: 5000, ...(server !== null ? { username: server.username, password: server.password } : {}) });
      },
      inject: [FELT_CONFIG, MQTT_BROKER, MQTT_CLIENT_ID_BASE, MQTT_SERVER_CREDENTIAL],
    },
    {
      provide: MQTT_INGEST_LINKS,
      useFactory: (config: FeltConfig, broker: EmbeddedBroker | null, base: string, server: MqttServerCredential | null): MqttIngestLinks => {
        const url = config.mqttUrl ?? broker?.url;
        if (url === undefined) throw new Error('no MQTT broker: set MQTT_URL or use the embedded broker');
        return new MqttIngestLinks({ url, clientIdBase: base, ...(server !== null ? { username: server.username, password: server.password } : {}) });
      },
      inject: [FELT_CONFIG, MQTT_BROKER, MQTT_CLIENT_ID_BASE, MQTT_SERVER_CREDENTIAL],
    },
  ],
  exports: [MQTT_CLIENT, MQTT_BROKER, MQTT_INGEST_LINKS, DeviceCredentialsService],
})
export class MqttModule implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Mqtt');
  private sub: Subscription | null = null;
  constructor(
    @Inject(MQTT_CLIENT) private readonly client: MqttClient,
    @Inject(MQTT_BROKER) private readonly broker: EmbeddedBroker | null,
    private readonly health: HealthService,
    private readonly creds: DeviceCredentialsService,
    @Inject(MQTT_INGEST_LINKS) private readonly links: MqttIngestLinks,
  ) {}

  onModuleInit(): void {
    this.client.on('error', (err) => this.logger.warn({ msg: 'mqtt client error', error: err.message }));
    this.health.register('broker', async () => {
      if (!this.client.connected) throw new Error('mqtt client is not connected');
    });
    if (this.broker !== null) {
      const broker = this.broker;
      this.logger.log(`embedded MQTT broker on ${broker.url} (per-device credentials, anonymous refused)`);
      // A rotated or revoked credential ends the device's live sessions: it must reconnect with the new secret.
      this.sub = this.creds.changed$.subscribe((username) => {
        const [tableId, deviceId] = username.split('/');
        if (tableId !== undefined && deviceId !== undefined) broker.disconnectDevice(tableId, deviceId);
      });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.sub?.unsubscribe();
    await this.links.closeAll();
    await this.client.endAsync(true);
    await this.broker?.close();
  }
}
