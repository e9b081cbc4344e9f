// One WebSocket to a live match: says hello with the seat's token, folds every frame into the
// match state, sends actions with a reference, and reconnects by itself (the server then sends
// the full view again). A reference names one action for good (this page's own prefix and a
// count): an action whose answer the lost connection never brought is sent again after the
// reconnect, and the server, which keeps each accepted action's reference, answers "accepted
// earlier" instead of playing it twice.
import type { ClientFrame, EncodedAction, ServerFrame } from "../protocol/frames";
import { initialMatch, reconnecting, reduce, sent, type MatchState } from "./match-state";
import { ABNORMAL_CLOSURE, PING_MS, retryDelay, silent } from "./retry";

export class LiveMatch {
  match = $state<MatchState>(initialMatch());
  connected = $state(false);
  private socket: WebSocket | null = null;
  private closed = false;
  private retries = 0;
  private refs = 0;
  private readonly prefix = Math.random().toString(36).slice(2, 10);
  private readonly unanswered = new Map<string, ClientFrame>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pinger: ReturnType<typeof setInterval> | null = null;
  private lastHeard = 0;

  constructor(
    readonly id: string,
    readonly token: string | null,
    readonly name: string | null,
  ) {}

  open(): void {
    this.closed = false;
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${window.location.host}/api/matches/${encodeURIComponent(this.id)}/ws`;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      this.connected = true;
      this.retries = 0;
      this.watch(socket);
      const hello: ClientFrame = { type: "hello" };
      if (this.token) hello.token = this.token;
      if (this.name) hello.name = this.name;
      socket.send(JSON.stringify(hello));
      for (const frame of this.unanswered.values()) socket.send(JSON.stringify(frame));
    };
    socket.onmessage = (message) => {
      this.lastHeard = Date.now();
      const frame = JSON.parse(String(message.data)) as ServerFrame;
      if ((frame.type === "accepted" || frame.type === "rejected") && typeof frame.ref === "string") {
        this.unanswered.delete(frame.ref);
      }
      this.match = reduce(this.match, frame);
      // The seat was opened on another device: coming back here would only be refused again.
      if (this.match.elsewhere) this.closed = true;
    };
    socket.onclose = (event) => {
      this.connected = false;
      this.stopWatching();
      if (this.socket === socket) this.socket = null;
      if (!this.closed) this.retry(event.code);
    };
  }

  // Ping the server now and then; a socket silent too long is given up (see retry.ts).
  private watch(socket: WebSocket): void {
    this.stopWatching();
    this.lastHeard = Date.now();
    this.pinger = setInterval(() => {
      if (silent(this.lastHeard, Date.now())) {
        this.giveUp(socket);
        return;
      }
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "ping" }));
    }, PING_MS);
  }

  // A silent socket's server is gone: its closing handshake would wait for an answer that never
  // comes (the proxy passes the close on to it), and its close event with it, for many seconds.
  // So it is dropped, its late events ignored, and a new socket is opened as after a lost one.
  private giveUp(socket: WebSocket): void {
    this.stopWatching();
    socket.onopen = socket.onmessage = socket.onclose = null;
    socket.close();
    this.connected = false;
    if (this.socket === socket) this.socket = null;
    if (!this.closed) this.retry(ABNORMAL_CLOSURE);
  }

  private stopWatching(): void {
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
  }

  private retry(code: number): void {
    const wait = retryDelay(code, this.retries);
    this.retries += 1;
    this.match = reconnecting(this.match);
    this.timer = setTimeout(() => {
      if (!this.closed) this.open();
    }, wait);
  }

  send(action: EncodedAction): string | null {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return null;
    this.refs += 1;
    const ref = `${this.prefix}-${this.refs}`;
    const frame: ClientFrame = { type: "action", action, ref };
    this.unanswered.set(ref, frame);
    this.socket.send(JSON.stringify(frame));
    this.match = sent(this.match, ref);
    return ref;
  }

  // The events before the first one this page holds, when the server keeps older ones.
  older(): void {
    const first = this.match.events[0];
    if (!first || !this.match.olderEvents) return;
    this.frame({ type: "history", before: first.step });
  }

  // This player is ready for the round being gathered for.
  ready(): void {
    this.frame({ type: "ready" });
  }

  private frame(frame: ClientFrame): void {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  close(): void {
    this.closed = true;
    this.stopWatching();
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close(1000);
    this.socket = null;
  }
}
