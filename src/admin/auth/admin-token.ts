/** What an admin token carries: who, and which token generation (bumped at logout). */
export interface AdminTokenPayload {
  sub: number;
  email: string;
  ver: number;
}

/** The admin a valid token belongs to, as guards hand it to controllers. */
export interface AuthenticatedAdmin {
  id: number;
  email: string;
}

export const ADMIN_JWT = 'admin-jwt';
export const TOKEN_ALGORITHM = 'HS256';
/** One working day. */
export const TOKEN_LIFETIME = '10h';
