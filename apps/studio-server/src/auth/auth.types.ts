/** The roles and the authenticated principal (JWT claims `sub`, `role`, `name`): one definition, @felt/protocol (issue 19 §5). */
export { ROLES, type AuthUser, type Role } from '@felt/protocol';
