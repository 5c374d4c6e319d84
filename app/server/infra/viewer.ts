// Who is asking, as the root middleware found them: a leaf type, so caches and contexts can name
// it without importing the session code.
import type { Role } from "~/lib/roles";

/** The signed-in member making this request, as the root middleware found them. */
export interface Viewer {
  id: string;
  email: string;
  role: Role;
  displayName: string | null;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  /** Assurance level: aal2 once a verified second factor protects the session. */
  aal: "aal1" | "aal2";
  sessionId: string;
  /** Whether open pages update as others post (an account setting; on unless turned off). */
  liveUpdates?: boolean;
  /** Until when a moderator paused their posting, as stored (it may have passed: see `silenceOf`). */
  silencedUntil?: string | null;
}
