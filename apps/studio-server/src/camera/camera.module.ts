import { Logger, Module } from '@nestjs/common';
import { FELT_CONFIG, settingOf, type FeltConfig } from '../config/config.js';
import { RoundsModule } from '../rounds/rounds.module.js';
import { StreamsModule } from '../streams/streams.module.js';
import { CameraController } from './camera.controller.js';
import { ffmpegEncoder, ffmpegMissing, ffmpegRtpEncoder } from './camera.encoder.js';
import { CAMERA_ENCODER, CAMERA_RTP_ENCODER, CAMERA_UNAVAILABLE, CameraService } from './camera.service.js';

/** Issue 21 §2: the demo studio camera (a camera per watched table, H.264 through ffmpeg as LL-HLS and as WebRTC/WHEP, behind the stream token). */
@Module({
  imports: [RoundsModule, StreamsModule],
  controllers: [CameraController],
  providers: [
    { provide: CAMERA_UNAVAILABLE, useFactory: (c: FeltConfig) => ffmpegMissing(settingOf(c, 'cameraFfmpeg')), inject: [FELT_CONFIG] },
    { provide: CAMERA_ENCODER, useFactory: (c: FeltConfig) => ffmpegEncoder(settingOf(c, 'cameraFfmpeg'), (line) => new Logger('Camera').warn(line)), inject: [FELT_CONFIG] },
    { provide: CAMERA_RTP_ENCODER, useFactory: (c: FeltConfig) => ffmpegRtpEncoder(settingOf(c, 'cameraFfmpeg'), (line) => new Logger('Camera').warn(line)), inject: [FELT_CONFIG] },
    CameraService,
  ],
  exports: [CameraService],
})
export class CameraModule {}
