import type { IncomingHttpHeaders } from 'node:http';

/**
 * The client's address behind trusted proxies (issue 22 §7). FELT_TRUST_PROXY takes Express's `trust proxy`
 * values: a number of hops (`1`), or a comma list of addresses, subnets and names (`loopback`,
 * `10.0.0.0/8, 192.168.1.7`). Express applies it to REST (`req.ip`); the WebSocket gateways ask
 * `clientAddress` with Express's compiled function, so both see the same address and share one budget.
 */
export function trustProxySetting(raw: string | null): number | string | false {
  if (raw === null || raw.trim() === '') return false;
  return /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw;
}

export type TrustFn = (addr: string, hop: number) => boolean;

/** Walks X-Forwarded-For from the socket's peer outwards while each hop is trusted (proxy-addr's rule). */
export function clientAddress(req: { readonly headers: IncomingHttpHeaders; readonly address?: string; readonly socket?: { readonly remoteAddress?: string | undefined } }, trust: TrustFn | null): string {
  const peer = req.address ?? req.socket?.remoteAddress ?? 'unknown';
  if (trust === null) return peer;
  const xff = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(xff) ? xff.join(',') : (xff ?? '')).split(',').map((s) => s.trim()).filter((s) => s.length > 0).reverse();
  const chain = [peer, ...forwarded];
  let i = 0;
  while (i < chain.length - 1 && trust(chain[i] as string, i)) i += 1;
  return chain[i] as string;
}
