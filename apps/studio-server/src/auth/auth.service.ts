import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { CLOCK, type Clock } from '../config/clock.js';
import { FELT_CONFIG, type FeltConfig } from '../config/config.js';
import { codedError } from '../ops/error-codes.js';
import { ROLES, type AuthUser, type Role } from './auth.types.js';
import { hashPassword, verifyPassword } from './password.js';
import { USERS_REPOSITORY, type UserRecord, type UsersRepository } from './users.repository.js';

export const LoginBody = z.object({ username: z.string().min(1).max(100), password: z.string().min(1).max(200) }).strict();

const Claims = z.object({ sub: z.string().min(1), role: z.enum(ROLES), name: z.string() });

/** Token lifetime: one studio shift. */
const TOKEN_TTL_S = 12 * 3600;

@Injectable()
export class AuthService {
  constructor(
    @Inject(USERS_REPOSITORY) private readonly users: UsersRepository,
    @Inject(FELT_CONFIG) private readonly config: FeltConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** POST /auth/login: username + password → a signed JWT (HS256). Same 401 for unknown user and wrong password. */
  async login(body: unknown): Promise<{ token: string; user: AuthUser }> {
    const { username, password } = LoginBody.parse(body);
    const rec = await this.users.findByUsername(username);
    if (rec === null || !(await verifyPassword(password, rec.passwordHash))) {
      throw codedError('INVALID_CREDENTIALS', 'unknown user or wrong password');
    }
    const user: AuthUser = { userId: rec.userId, role: rec.role, name: rec.name };
    return { token: this.sign(user), user };
  }

  sign(user: AuthUser): string {
    const iat = Math.floor(this.clock.now() / 1000);
    return jwt.sign({ sub: user.userId, role: user.role, name: user.name, iat, exp: iat + TOKEN_TTL_S }, this.config.jwtSecret, { algorithm: 'HS256' });
  }

  /** Verifies a bearer token (REST guard and WebSocket handshakes). null when missing, forged, expired or malformed. */
  verify(token: string | null | undefined): AuthUser | null {
    if (token === null || token === undefined || token === '') return null;
    let decoded: unknown;
    try {
      decoded = jwt.verify(token, this.config.jwtSecret, { algorithms: ['HS256'], clockTimestamp: Math.floor(this.clock.now() / 1000) });
    } catch (_invalid) {
      // jsonwebtoken signals every invalid token by throwing; an invalid token is simply "not authenticated".
      return null;
    }
    const claims = Claims.safeParse(decoded);
    return claims.success ? { userId: claims.data.sub, role: claims.data.role, name: claims.data.name } : null;
  }

  async createUser(input: { userId: string; username: string; name: string; role: Role; password: string }): Promise<boolean> {
    const rec: UserRecord = { userId: input.userId, username: input.username, name: input.name, role: input.role, passwordHash: await hashPassword(input.password), createdAt: this.clock.now() };
    return this.users.insertIfAbsent(rec);
  }

  listUsers(): Promise<UserRecord[]> {
    return this.users.list();
  }
}
