/** The roles and the authenticated principal (JWT claims `sub`, `role`, `name`): one definition, @felt-studio/protocol (issue 19 §5). */
export { ROLES, type AuthUser, type Role } from '@felt-studio/protocol';
