import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AuditService } from '../audit/audit.service.js';
import { AuthService } from '../auth/auth.service.js';
import { bootTestApp } from '../../../../test/support/studio-server/test-app.js';
import { LedgerAuditService } from '../wallet/ledger-audit.service.js';
import { WalletService } from '../wallet/wallet.service.js';

describe('embedded default: the whole app on PGlite', () => {
  it('keeps users, balances and the audit trail across a restart when FELT_DATA_DIR is a directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'felt-pglite-'));
    try {
      const first = await bootTestApp({ config: { database: { kind: 'pglite', dataDir: dir }, demo: true } });
      await first.get(WalletService).post('dep_keep', 'player2', 4_200);
      await first.get(AuditService).record({ actor: 'admin1', role: 'admin', action: 'wallet.deposit', reason: 'restart test', target: 'player:player2', at: 1 });
      const health = await fetch(`${first.url}/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', db: 'up' });
      await first.close();

      const second = await bootTestApp({ config: { database: { kind: 'pglite', dataDir: dir }, demo: true } });
      try {
        expect((await second.get(WalletService).balance('player2')).balanceMinor).toBe(100_000 + 4_200);
        expect((await second.get(AuthService).listUsers()).length).toBe(9); // seeded once, not twice (6 people + 3 demo robots, issue 20 defect 1)
        expect((await second.get(AuditService).list(10)).map((a) => a.reason)).toEqual(['restart test']);
        expect((await second.get(LedgerAuditService).check()).ok).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000); // two PGlite boots with every migration: ~25 s on a loaded 2-core machine
});
