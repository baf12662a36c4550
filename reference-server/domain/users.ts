import { timingSafeEqual } from 'node:crypto';

/** Platform accounts. Seeded at start (seed.ts); generic users are added by the SOAP side. */
export type UserStatus = 'active' | 'restricted' | 'suspended';

export interface User {
  id: number;
  username: string;
  password: string;
  realName: string;
  email: string;
  status: UserStatus;
  siteAdmin: boolean;
}

export class Users {
  private readonly byId = new Map<number, User>();
  private nextId = 200;

  add(user: Omit<User, 'id'> & { id?: number }): User {
    const id = user.id ?? this.nextId++;
    const stored: User = { ...user, id };
    this.byId.set(id, stored);
    if (id >= this.nextId) this.nextId = id + 1;
    return stored;
  }

  byIdOf(id: number): User | undefined {
    return this.byId.get(id);
  }

  all(): User[] {
    return [...this.byId.values()];
  }

  byUsername(username: string): User | undefined {
    for (const user of this.byId.values()) if (user.username === username) return user;
    return undefined;
  }

  /** The user when the credentials match an account that may log in, else undefined. */
  authenticate(username: string, password: string): User | undefined {
    const user = this.byUsername(username);
    if (!user || user.status === 'suspended') return undefined;
    return safeEqual(user.password, password) ? user : undefined;
  }
}

/** Constant-time comparison of two strings (length leaks, content does not). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
