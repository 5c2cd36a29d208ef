import { Global, Inject, Logger, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import mqtt, { type MqttClient } from 'mqtt';
import { IDS, type Ids } from '../config/clock.js';
import { FELT_CONFIG, type FeltConfig } from '../config/config.js';
import { HealthService } from '../ops/health.service.js';
import { EmbeddedBroker } from './embedded-broker.js';
import { MQTT_BROKER, MQTT_CLIENT } from './mqtt.tokens.js';

/**
 * Global: MQTT_CLIENT (a connected mqtt.js client shared by ingest and device commands) and, when
 * MQTT_URL is unset, the embedded aedes broker on MQTT_EMBEDDED_PORT (default 1885).
 */
@Global()
@Module({
  providers: [
    {
      provide: MQTT_BROKER,
      useFactory: async (config: FeltConfig): Promise<EmbeddedBroker | null> => (config.mqttUrl === null ? EmbeddedBroker.start(config.mqttEmbeddedPort) : null),
      inject: [FELT_CONFIG],
    },
    {
      provide: MQTT_CLIENT,
      useFactory: async (config: FeltConfig, broker: EmbeddedBroker | null, ids: Ids): Promise<MqttClient> => {
        const url = config.mqttUrl ?? broker?.url;
        if (url === undefined) throw new Error('no MQTT broker: set MQTT_URL or use the embedded broker');
        return mqtt.connectAsync(url, { clientId: ids.next('felt-server'), clean: true, reconnectPeriod: 1000, connectTimeout: 5000 });
      },
      inject: [FELT_CONFIG, MQTT_BROKER, IDS],
    },
  ],
  exports: [MQTT_CLIENT, MQTT_BROKER],
})
export class MqttModule implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Mqtt');
  constructor(
    @Inject(MQTT_CLIENT) private readonly client: MqttClient,
    @Inject(MQTT_BROKER) private readonly broker: EmbeddedBroker | null,
    @Inject(HealthService) private readonly health: HealthService,
  ) {}

  onModuleInit(): void {
    this.client.on('error', (err) => this.logger.warn({ msg: 'mqtt client error', error: err.message }));
    this.health.register('broker', async () => {
      if (!this.client.connected) throw new Error('mqtt client is not connected');
    });
    if (this.broker !== null) this.logger.log(`embedded MQTT broker on ${this.broker.url}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.endAsync(true);
    await this.broker?.close();
  }
}
