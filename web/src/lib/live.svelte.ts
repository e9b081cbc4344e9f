// One WebSocket to a live match: says hello with the seat's token, folds every frame into the
// match state, sends actions with a reference, and reconnects by itself (the server then sends
// the full view again).
import type { ClientFrame, EncodedAction, ServerFrame } from "../protocol/frames";
import { initialMatch, reconnecting, reduce, sent, type MatchState } from "./match-state";

const RETRY_MS = [300, 1000, 2000, 4000];

export class LiveMatch {
  match = $state<MatchState>(initialMatch());
  connected = $state(false);
  private socket: WebSocket | null = null;
  private closed = false;
  private retries = 0;
  private refs = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

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
      const hello: ClientFrame = { type: "hello" };
      if (this.token) hello.token = this.token;
      if (this.name) hello.name = this.name;
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (message) => {
      const frame = JSON.parse(String(message.data)) as ServerFrame;
      this.match = reduce(this.match, frame);
    };
    socket.onclose = () => {
      this.connected = false;
      if (this.socket === socket) this.socket = null;
      if (!this.closed) this.retry();
    };
  }

  private retry(): void {
    const wait = RETRY_MS[Math.min(this.retries, RETRY_MS.length - 1)];
    this.retries += 1;
    this.match = reconnecting(this.match);
    this.timer = setTimeout(() => {
      if (!this.closed) this.open();
    }, wait);
  }

  send(action: EncodedAction): string | null {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return null;
    this.refs += 1;
    const ref = `a${this.refs}`;
    const frame: ClientFrame = { type: "action", action, ref };
    this.socket.send(JSON.stringify(frame));
    this.match = sent(this.match, ref);
    return ref;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close(1000);
    this.socket = null;
  }
}
