import { describe, expect, it } from 'vitest';
import { connectionHasher } from './connection-fingerprint.js';

describe('a seat connection as the integrity monitors keep it (issue 23 §4): salted hashes, never the raw values', () => {
  const hash = connectionHasher('a-studio-secret-of-at-least-32-characters');
  it('one address (or one device id with its user agent) gives one hash; another gives another; the raw value appears nowhere', () => {
    const a = hash({ address: '203.0.113.7', deviceId: 'dev_1234abcd', userAgent: 'Mozilla/5.0 X' });
    const b = hash({ address: '203.0.113.7', deviceId: 'dev_1234abcd', userAgent: 'Mozilla/5.0 X' });
    const c = hash({ address: '203.0.113.8', deviceId: 'dev_9999abcd', userAgent: 'Mozilla/5.0 X' });
    expect(a).toEqual(b);
    expect(a.address).not.toBe(c.address);
    expect(a.device).not.toBe(c.device);
    expect(a.address).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(a)).not.toContain('203.0.113');
    expect(JSON.stringify(a)).not.toContain('dev_1234abcd');
  });

  it('another studio (another secret) hashes the same address differently', () => {
    expect(connectionHasher('another-studio-secret-of-32-characters!!')({ address: '203.0.113.7' }).address).not.toBe(hash({ address: '203.0.113.7' }).address);
  });

  it('no device without the client\'s own id: a user agent alone is shared by thousands (two players on one browser build are not one device)', () => {
    expect(hash({ address: '203.0.113.7', userAgent: 'Mozilla/5.0 X' }).device).toBeNull();
    expect(hash({ address: '203.0.113.7', deviceId: 'short', userAgent: 'Mozilla/5.0 X' }).device).toBeNull();
    expect(hash({ address: '203.0.113.7', deviceId: 42 }).device).toBeNull();
  });
});
