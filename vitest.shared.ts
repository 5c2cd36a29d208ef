import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import type { UserConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Workspace packages resolve to their TypeScript sources in tests (no build needed). */
export const alias = {
  '@felt-studio/games': here('./libs/games/src/index.ts'),
  '@felt-studio/protocol/msgpack': here('./libs/protocol/src/msgpack-parser.ts'),
  '@felt-studio/protocol': here('./libs/protocol/src/index.ts'),
  '@felt-studio/client-sdk': here('./libs/client-sdk/src/index.ts'),
  // libs/ui's test support (libs/ui/testing): not in the package's exports nor its dist, only here for the specs
  '@felt-studio/ui/test-utils': here('./libs/ui/testing/test-utils.tsx'),
  '@felt-studio/ui/poker-fixtures': here('./libs/ui/testing/poker-fixtures.ts'),
  '@felt-studio/ui/whep': here('./libs/ui/src/whep.ts'),
  '@felt-studio/ui': here('./libs/ui/src/index.ts'),
  '@felt-studio/hardware-sim': here('./hardware-sim/src/index.ts'),
  '@felt-studio/edge-agent': here('./apps/edge-agent/src/index.ts'),
  '@felt-studio/studio-server': here('./apps/studio-server/src/index.ts'),
};

/** SWC instead of esbuild so NestJS/TypeORM decorators get their design-type metadata. */
export const plugins: NonNullable<UserConfig['plugins']> = [
  swc.vite({
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false, react: { runtime: 'automatic' } },
    },
  }),
];
