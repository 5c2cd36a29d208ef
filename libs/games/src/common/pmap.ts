/**
 * A persistent (immutable, structurally shared) string-keyed map: a hash array mapped trie (HAMT,
 * Bagwell 2001) with 32-way bitmap nodes. `set`/`delete` copy only the path to the changed leaf
 * (≤ 7 small arrays), so a round with 10 000 bets costs the same per bet as one with 100 — unlike
 * `{ ...bets, [id]: bet }`, which copies every bet on every bet (issue 8).
 *
 * Iteration follows insertion order (like a plain object's string keys): every entry carries the
 * insertion counter and `entries()` sorts by it (O(n log n), only where a full listing is needed).
 * Pure: no mutation of a published map, ever.
 */

interface Leaf<V> {
  readonly k: string;
  readonly v: V;
  readonly n: number;
  readonly h: number;
}
interface Branch<V> {
  readonly bitmap: number;
  readonly kids: readonly Slot<V>[];
}
/** Keys whose whole 32-bit hash collides. */
interface Bucket<V> {
  readonly h: number;
  readonly leaves: readonly Leaf<V>[];
}
type Slot<V> = Leaf<V> | Branch<V> | Bucket<V>;

const isLeaf = <V>(s: Slot<V>): s is Leaf<V> => 'k' in s;
const isBucket = <V>(s: Slot<V>): s is Bucket<V> => 'leaves' in s;

const BITS = 5;
const MASK = 31;
const MAX_SHIFT = 30;

/** FNV-1a, 32 bit. */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 63;
}

const EMPTY_BRANCH: Branch<never> = { bitmap: 0, kids: [] };

function get<V>(node: Slot<V>, h: number, key: string, shift: number): Leaf<V> | undefined {
  let cur: Slot<V> = node;
  let s = shift;
  for (;;) {
    if (isLeaf(cur)) return cur.k === key ? cur : undefined;
    if (isBucket(cur)) return cur.leaves.find((l) => l.k === key);
    const bit = 1 << ((h >>> s) & MASK);
    if ((cur.bitmap & bit) === 0) return undefined;
    cur = cur.kids[popcount(cur.bitmap & (bit - 1))] as Slot<V>;
    s += BITS;
  }
}

function merge<V>(a: Leaf<V>, b: Leaf<V>, shift: number): Slot<V> {
  if (shift > MAX_SHIFT) return { h: a.h, leaves: [a, b] };
  const ia = (a.h >>> shift) & MASK;
  const ib = (b.h >>> shift) & MASK;
  if (ia === ib) return { bitmap: 1 << ia, kids: [merge(a, b, shift + BITS)] };
  return { bitmap: (1 << ia) | (1 << ib), kids: ia < ib ? [a, b] : [b, a] };
}

/** Returns the new slot and whether a key was added (vs replaced). */
function put<V>(node: Slot<V>, leaf: Leaf<V>, shift: number): { slot: Slot<V>; added: boolean } {
  if (isLeaf(node)) {
    if (node.k === leaf.k) return { slot: { ...leaf, n: node.n }, added: false };
    return { slot: merge(node, leaf, shift), added: true };
  }
  if (isBucket(node)) {
    const i = node.leaves.findIndex((l) => l.k === leaf.k);
    if (i >= 0) return { slot: { h: node.h, leaves: node.leaves.map((l, j) => (j === i ? { ...leaf, n: l.n } : l)) }, added: false };
    return { slot: { h: node.h, leaves: [...node.leaves, leaf] }, added: true };
  }
  const bit = 1 << ((leaf.h >>> shift) & MASK);
  const at = popcount(node.bitmap & (bit - 1));
  if ((node.bitmap & bit) === 0) {
    const kids = node.kids.slice();
    kids.splice(at, 0, leaf);
    return { slot: { bitmap: node.bitmap | bit, kids }, added: true };
  }
  const r = put(node.kids[at] as Slot<V>, leaf, shift + BITS);
  const kids = node.kids.slice();
  kids[at] = r.slot;
  return { slot: { bitmap: node.bitmap, kids }, added: r.added };
}

function remove<V>(node: Slot<V>, h: number, key: string, shift: number): Slot<V> | null | undefined {
  // undefined: key absent (unchanged); null: the slot became empty
  if (isLeaf(node)) return node.k === key ? null : undefined;
  if (isBucket(node)) {
    const left = node.leaves.filter((l) => l.k !== key);
    if (left.length === node.leaves.length) return undefined;
    return left.length === 1 ? (left[0] as Leaf<V>) : { h: node.h, leaves: left };
  }
  const bit = 1 << ((h >>> shift) & MASK);
  if ((node.bitmap & bit) === 0) return undefined;
  const at = popcount(node.bitmap & (bit - 1));
  const r = remove(node.kids[at] as Slot<V>, h, key, shift + BITS);
  if (r === undefined) return undefined;
  const kids = node.kids.slice();
  if (r === null) {
    kids.splice(at, 1);
    const bitmap = node.bitmap & ~bit;
    if (kids.length === 0) return null;
    if (kids.length === 1 && shift > 0 && !isBranch(kids[0] as Slot<V>)) return kids[0] as Slot<V>;
    return { bitmap, kids };
  }
  kids[at] = r;
  if (kids.length === 1 && shift > 0 && !isBranch(r)) return r;
  return { bitmap: node.bitmap, kids };
}

const isBranch = <V>(s: Slot<V>): s is Branch<V> => 'bitmap' in s;

function collect<V>(node: Slot<V>, out: Leaf<V>[]): void {
  if (isLeaf(node)) out.push(node);
  else if (isBucket(node)) out.push(...node.leaves);
  else for (const k of node.kids) collect(k, out);
}

export class PMap<V> {
  private constructor(
    private readonly root: Branch<V>,
    /** Number of keys. */
    readonly size: number,
    private readonly counter: number,
  ) {}

  static empty<V>(): PMap<V> {
    return new PMap<V>(EMPTY_BRANCH, 0, 0);
  }

  static of<V>(entries: Iterable<readonly [string, V]>): PMap<V> {
    let m = PMap.empty<V>();
    for (const [k, v] of entries) m = m.set(k, v);
    return m;
  }

  get(key: string): V | undefined {
    return get(this.root, hashOf(key), key, 0)?.v;
  }

  has(key: string): boolean {
    return get(this.root, hashOf(key), key, 0) !== undefined;
  }

  /** A new map with `key` → `value` (a replaced key keeps its place in the order). */
  set(key: string, value: V): PMap<V> {
    const r = put<V>(this.root, { k: key, v: value, n: this.counter, h: hashOf(key) }, 0);
    return new PMap<V>(r.slot as Branch<V>, r.added ? this.size + 1 : this.size, this.counter + 1);
  }

  /** A new map with `f(current)` under `key`. */
  update(key: string, f: (current: V | undefined) => V): PMap<V> {
    return this.set(key, f(this.get(key)));
  }

  delete(key: string): PMap<V> {
    const r = remove<V>(this.root, hashOf(key), key, 0);
    if (r === undefined) return this;
    return new PMap<V>(r === null ? (EMPTY_BRANCH as Branch<V>) : (r as Branch<V>), this.size - 1, this.counter);
  }

  /** Every entry in insertion order. O(n log n): only where a full listing is needed. */
  entries(): [string, V][] {
    const leaves: Leaf<V>[] = [];
    collect(this.root, leaves);
    leaves.sort((a, b) => a.n - b.n);
    return leaves.map((l) => [l.k, l.v]);
  }

  keys(): string[] {
    return this.entries().map(([k]) => k);
  }

  values(): V[] {
    return this.entries().map(([, v]) => v);
  }
}
