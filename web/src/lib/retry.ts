// How long a live match's page waits before it reconnects a socket that closed.
const RETRY_MS = [300, 1000, 2000, 4000];
// The server is restarting ("Service Restart"): it closed the socket on purpose and no longer
// listens, so the proxy takes the next socket to another server: the first try goes at once.
export const SERVICE_RESTART = 1012;
// The code of a connection lost without a close (what a socket given up as silent counts as).
export const ABNORMAL_CLOSURE = 1006;

// A socket to a server that vanished (its host lost, a cable pulled) may stay open on this side
// for minutes: the page pings every PING_MS, and a socket silent for SILENT_MS (no frame, not
// even a pong) is closed and opened again, through the proxy, to a server that answers.
export const PING_MS = 2000;
export const SILENT_MS = 6000;

export function silent(lastHeard: number, now: number): boolean {
  return now - lastHeard > SILENT_MS;
}

// Milliseconds before reconnecting after a close with `code`, the `retries`-th try in a row.
export function retryDelay(code: number, retries: number): number {
  if (code === SERVICE_RESTART && retries === 0) return 0;
  return RETRY_MS[Math.min(retries, RETRY_MS.length - 1)];
}
