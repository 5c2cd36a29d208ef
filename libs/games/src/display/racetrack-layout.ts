import { RACETRACK_SECTORS, type FixedAnnouncedKind } from '../roulette/racetrack-display.js';
import { WHEEL_ORDER } from '../roulette/wheel.js';

/**
 * Geometry of a French racetrack for drawing (ROU-2 announced bets), pure and tested here: the 37
 * pockets in wheel order around a stadium, 0 at the right end, and the inner field cut into the
 * announced-bet sectors — tiers on the left, orphelins in the middle, voisins du zéro on the right with
 * jeu zéro inside it at the zero end — by slanted lines between the sector boundaries on the ring, as
 * on a studio's racetrack. Units are SVG user units of a `width × height` viewBox.
 */
export interface RacetrackPoint {
  readonly x: number;
  readonly y: number;
}

export interface RacetrackGeometry {
  readonly width: number;
  readonly height: number;
  /** The two end centres and the ring radius (pockets sit on this stadium). */
  readonly left: RacetrackPoint;
  readonly right: RacetrackPoint;
  readonly radius: number;
  /** Radius of the inner field (the sectors). */
  readonly innerRadius: number;
  /** Every pocket's centre, in wheel order (index = position in WHEEL_ORDER). */
  readonly pockets: readonly { readonly number: number; readonly at: RacetrackPoint }[];
  /**
   * One region per announced bet: a polygon that, clipped to the inner field, is the sector. Jeu zéro
   * (a part of voisins du zéro) is its own region at the zero end, so voisins' polygon stops where jeu
   * zéro's starts: every point of the field places exactly one bet. `label` is where its name goes.
   */
  readonly sectors: readonly { readonly kind: FixedAnnouncedKind; readonly polygon: readonly RacetrackPoint[]; readonly label: RacetrackPoint }[];
}

const N = WHEEL_ORDER.length;

export function racetrackGeometry(width = 100, height = 34, radius = 13, innerRadius = 8.6): RacetrackGeometry {
  const cy = height / 2;
  const left: RacetrackPoint = { x: radius + 3, y: cy };
  const right: RacetrackPoint = { x: width - radius - 3, y: cy };
  const straight = right.x - left.x;
  const arc = Math.PI * radius;
  const total = 2 * straight + 2 * arc;
  const step = total / N;
  // Perimeter position clockwise from the top-left end of the top straight; 0 sits at the right end.
  const zeroAt = straight + arc / 2;
  const distanceOf = (wheelIndex: number): number => (((zeroAt + wheelIndex * step) % total) + total) % total;
  /** The point at perimeter position `d`, projected onto the stadium of radius `r` (same angle on the ends). */
  const pointAt = (d: number, r: number): RacetrackPoint => {
    if (d < straight) return { x: left.x + d, y: cy - r };
    d -= straight;
    if (d < arc) {
      const a = -Math.PI / 2 + d / radius;
      return { x: right.x + r * Math.cos(a), y: cy + r * Math.sin(a) };
    }
    d -= arc;
    if (d < straight) return { x: right.x - d, y: cy + r };
    d -= straight;
    const a = Math.PI / 2 + d / radius;
    return { x: left.x + r * Math.cos(a), y: cy + r * Math.sin(a) };
  };
  const pockets = WHEEL_ORDER.map((number, i) => ({ number, at: pointAt(distanceOf(i), radius) }));

  /** The divider of a one-arc sector: the inner-field points of its two ring boundaries, top first. */
  const divider = (kind: FixedAnnouncedKind): { top: RacetrackPoint; bottom: RacetrackPoint } => {
    const s = RACETRACK_SECTORS.find((x) => x.kind === kind);
    const a = s?.arcs[0];
    if (!s || s.arcs.length !== 1 || !a) throw new Error(`${kind} is not one arc of the wheel`);
    const p = pointAt(distanceOf(a.start - 0.5), innerRadius);
    const q = pointAt(distanceOf(a.start + a.length - 0.5), innerRadius);
    return p.y < q.y ? { top: p, bottom: q } : { top: q, bottom: p };
  };
  // Polygons stay inside the viewBox (their boxes are where a pointer or a test clicks them).
  const lo = 0;
  const hi = height;
  /** x of the divider's line at height y. */
  const xAt = (l: { top: RacetrackPoint; bottom: RacetrackPoint }, y: number): number => l.top.x + ((y - l.top.y) * (l.bottom.x - l.top.x)) / (l.bottom.y - l.top.y);
  const tiers = divider('tiers');
  const voisins = divider('voisins');
  const zero = divider('jeu-zero');
  const farLeft = 0;
  const farRight = width;
  const between = (l: { top: RacetrackPoint; bottom: RacetrackPoint } | null, r: { top: RacetrackPoint; bottom: RacetrackPoint } | null): RacetrackPoint[] => [
    { x: l ? xAt(l, lo) : farLeft, y: lo },
    { x: r ? xAt(r, lo) : farRight, y: lo },
    { x: r ? xAt(r, hi) : farRight, y: hi },
    { x: l ? xAt(l, hi) : farLeft, y: hi },
  ];
  const mid = (l: { top: RacetrackPoint; bottom: RacetrackPoint }): number => xAt(l, cy);
  return {
    width,
    height,
    left,
    right,
    radius,
    innerRadius,
    pockets,
    sectors: [
      { kind: 'tiers', polygon: between(null, tiers), label: { x: (left.x - innerRadius + mid(tiers)) / 2 + 1, y: cy } },
      { kind: 'orphelins', polygon: between(tiers, voisins), label: { x: (mid(tiers) + mid(voisins)) / 2, y: cy } },
      { kind: 'voisins', polygon: between(voisins, zero), label: { x: (mid(voisins) + mid(zero)) / 2, y: cy } },
      { kind: 'jeu-zero', polygon: between(zero, null), label: { x: (mid(zero) + right.x + innerRadius) / 2 - 0.5, y: cy } },
    ],
  };
}

/** Whether `p` lies inside the convex `polygon` (points in order, either direction). */
export function insidePolygon(p: RacetrackPoint, polygon: readonly RacetrackPoint[]): boolean {
  let sign = 0;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i] as RacetrackPoint;
    const b = polygon[(i + 1) % polygon.length] as RacetrackPoint;
    const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/**
 * The sector drawn under the ring position of a pocket (what a player sees next to that number): the
 * topmost region (jeu zéro over voisins) whose polygon holds the pocket's point on the inner field.
 */
export function sectorDrawnAt(g: RacetrackGeometry, wheelIndex: number): FixedAnnouncedKind | null {
  const pocket = g.pockets[wheelIndex];
  if (!pocket) return null;
  const centre = pocket.at.x < g.left.x ? g.left : pocket.at.x > g.right.x ? g.right : { x: pocket.at.x, y: g.left.y };
  const dx = pocket.at.x - centre.x;
  const dy = pocket.at.y - centre.y;
  const k = g.innerRadius / Math.hypot(dx, dy);
  const inner = { x: centre.x + dx * k * 0.97, y: centre.y + dy * k * 0.97 };
  const order: readonly FixedAnnouncedKind[] = ['jeu-zero', 'tiers', 'orphelins', 'voisins'];
  for (const kind of order) {
    const s = g.sectors.find((x) => x.kind === kind);
    if (s && insidePolygon(inner, s.polygon)) return kind;
  }
  return null;
}
