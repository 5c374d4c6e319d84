// Bearer tokens for the JSON API's writes. Members get a JWT from Better Auth's jwt plugin
// (GET /api/auth/token with their session cookie); we verify it here with jose against the public
// keys Better Auth serves as its JWKS, with the issuer and audience Better Auth puts in every token
// (its base URL) and the expiry. Only the Authorization header is read: never a cookie.
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from "jose";

export type TokenCheck =
  | { ok: true; userId: string }
  | { ok: false; code: "missing_token" | "invalid_jwt" | "jwt_expired" | "invalid_jwt_claims" | "unknown_user" | "session_ended"; message: string };

export const INVALID_SIGNATURE = "Invalid JWT signature";

/** How long the public keys are trusted before they are read again. */
const JWKS_TTL_MS = 10 * 60_000;
/** An unknown key id re-reads the keys (a rotation), but at most this often. */
const JWKS_REFRESH_MIN_MS = 30_000;

export interface TokenVerifierOptions {
  /** The JWKS document (Better Auth's `auth.api.getJwks()`). */
  getJwks: () => Promise<JSONWebKeySet>;
  /** Better Auth sets both `iss` and `aud` to its base URL unless configured otherwise. */
  issuer: string;
  audience: string;
  /** The token's subject must still be a user. */
  userExists: (id: string) => Promise<boolean>;
  /**
   * The session the token was issued from (its `sid` claim) must still be open, so signing out,
   * a password change or a revoked session ends the token at once rather than at its expiry.
   */
  sessionOpen: (userId: string, sessionId: string) => Promise<boolean>;
}

export function createTokenVerifier(options: TokenVerifierOptions) {
  let cached: { keySet: ReturnType<typeof createLocalJWKSet>; algorithms: string[]; at: number } | null = null;

  async function loadKeys(force: boolean) {
    if (cached && !force && Date.now() - cached.at < JWKS_TTL_MS) return cached;
    const jwks = await options.getJwks();
    const algorithms = [...new Set(jwks.keys.map((k) => k.alg).filter((a): a is string => Boolean(a)))];
    cached = { keySet: createLocalJWKSet(jwks), algorithms: algorithms.length ? algorithms : ["EdDSA"], at: Date.now() };
    return cached;
  }

  async function verifyWith(token: string, keys: NonNullable<typeof cached>) {
    return jwtVerify(token, keys.keySet, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: keys.algorithms,
      requiredClaims: ["sub", "exp"],
      clockTolerance: 5,
    });
  }

  return {
    /** Checks an Authorization header value. */
    async verify(authorization: string | undefined): Promise<TokenCheck> {
      const match = /^Bearer +(\S+)\s*$/i.exec(authorization ?? "");
      if (!match) {
        return {
          ok: false,
          code: "missing_token",
          message: authorization
            ? "Send the token as 'Authorization: Bearer <JWT>'."
            : "Sign in and send a token: 'Authorization: Bearer <JWT>' (get one from GET /api/auth/token).",
        };
      }
      const token = match[1];
      let payload;
      try {
        let keys = await loadKeys(false);
        try {
          ({ payload } = await verifyWith(token, keys));
        } catch (error) {
          // A key id we have not seen may be a freshly rotated key: read the keys once more.
          if (!(error instanceof errors.JWKSNoMatchingKey) || Date.now() - keys.at < JWKS_REFRESH_MIN_MS) throw error;
          keys = await loadKeys(true);
          ({ payload } = await verifyWith(token, keys));
        }
      } catch (error) {
        if (error instanceof errors.JWTExpired)
          return { ok: false, code: "jwt_expired", message: "The JWT has expired. Get a new one from GET /api/auth/token." };
        if (error instanceof errors.JWTClaimValidationFailed) {
          return { ok: false, code: "invalid_jwt_claims", message: `The JWT was not issued for this API (${error.claim} claim).` };
        }
        if (error instanceof errors.JOSEError) return { ok: false, code: "invalid_jwt", message: INVALID_SIGNATURE };
        throw error;
      }
      const userId = payload.sub!;
      if (!(await options.userExists(userId))) {
        return { ok: false, code: "unknown_user", message: "The account this token was issued to no longer exists." };
      }
      const sessionId = typeof payload.sid === "string" ? payload.sid : "";
      if (!sessionId || !(await options.sessionOpen(userId, sessionId))) {
        return {
          ok: false,
          code: "session_ended",
          message: "The session this token came from has ended (signed out, password changed or session removed). Sign in and get a new token.",
        };
      }
      return { ok: true, userId };
    },
  };
}
