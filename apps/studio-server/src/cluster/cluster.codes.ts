/** Rejection codes of the cluster (issue 13): both mean "retry", the bet was not decided by a known owner. */
export const CLUSTER_CODES = {
  TABLE_OWNER_UNAVAILABLE: 'TABLE_OWNER_UNAVAILABLE',
} as const;
