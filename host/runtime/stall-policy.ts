// When a tenant's workerd keeps stalling, stop starting it for a while (ADR 0300). Each stall
// costs a core for the whole stall limit and a workerd start, and a client that repeats the
// request that loops repeats both; a crash loop gets a backoff, as a process supervisor gives one.
// Pure: the reconciler keeps each tenant's record and asks what the next stall means.

export interface StallPolicy {
  /** Stalls within `windowMs` that hold the tenant's workerd. */
  limit: number;
  windowMs: number;
  /** The first hold; each further hold in a row doubles it, up to `maxHoldMs`. */
  holdMs: number;
  maxHoldMs: number;
}

export const DEFAULT_STALL_POLICY: StallPolicy = { limit: 3, windowMs: 5 * 60_000, holdMs: 60_000, maxHoldMs: 15 * 60_000 };

/** One tenant's recent stalls, and how many holds in a row it has had. */
export interface TenantStalls {
  at: readonly number[];
  holds: number;
  /** When its last hold ended (0: never held). */
  heldUntil: number;
}

/**
 * Records a stall at `now`. When it makes `limit` within the window, the tenant is held until the
 * returned time (its stall list starts again empty). Holds double while stalls follow a hold
 * within the window; a tenant quiet for a window after its hold starts again from the first hold.
 */
export function afterStall(previous: TenantStalls | undefined, now: number, policy: StallPolicy): { stalls: TenantStalls; heldUntil?: number } {
  const at = [...(previous?.at ?? []).filter((t) => now - t < policy.windowMs), now];
  const streak = previous !== undefined && previous.heldUntil > 0 && now - previous.heldUntil < policy.windowMs ? previous.holds : 0;
  if (at.length < policy.limit) return { stalls: { at, holds: streak, heldUntil: previous?.heldUntil ?? 0 } };
  const holds = streak + 1;
  const until = now + Math.min(policy.maxHoldMs, policy.holdMs * 2 ** (holds - 1));
  return { stalls: { at: [], holds, heldUntil: until }, heldUntil: until };
}
