// What a spare forgets between sessions (plugin/spare/run.ts, ADR 0282): the host client's
// connections and HTTPS agent. The client registers its reset when it loads (exchange.ts), so
// neither the handshake path nor a session that never called a host loads node:http for it.
const resets: (() => void)[] = [];

/** Registers what to forget at the end of each session. */
export function onSessionEnd(reset: () => void): void {
  resets.push(reset);
}

/** Forgets what the session's host client kept; nothing when no session loaded one. */
export function forgetSessionConnections(): void {
  for (const reset of resets) reset();
}
