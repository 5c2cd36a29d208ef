export const ROLES = ['player', 'dealer', 'pitboss', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The authenticated principal (JWT claims `sub`, `role`, `name`). */
export interface AuthUser {
  readonly userId: string;
  readonly role: Role;
  readonly name: string;
}
