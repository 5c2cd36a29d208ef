import type { ValueTransformer } from 'typeorm';

/** `bigint` columns arrive as strings from node-postgres (and numbers from PGlite): epoch ms and minor units fit in a JS safe integer. */
export const bigintNumber: ValueTransformer = {
  to: (v: number | null | undefined) => v,
  from: (v: string | number | null) => (v === null ? null : Number(v)),
};

export const toNum = (v: unknown): number => (typeof v === 'number' ? v : Number(v as string));
export const toNumOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : toNum(v));
