// A live match's socket whose server went silent (its host lost): the page opens another at once,
// without waiting for a close that never comes.
import { afterEach, beforeEach, describe, expect, it as test, vi } from "vitest";
import { LiveMatch } from "../src/lib/live.svelte";
import { PING_MS, SILENT_MS } from "../src/lib/retry";

class FakeSocket {
  static OPEN = 1;
  static opened: FakeSocket[] = [];
  readyState = FakeSocket.OPEN;
  sent: string[] = [];
  closeCalls = 0;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.closeCalls += 1; // a server that is gone never answers: no close event comes
  }
}

describe("a live match's socket", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.opened = [];
    vi.stubGlobal("WebSocket", FakeSocket);
    vi.stubGlobal("window", { location: { protocol: "http:", host: "example.test" } });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  // A match's socket opened and answered: the live match and that first socket.
  function openedLive(): [LiveMatch, FakeSocket] {
    const live = new LiveMatch("abc", null, null);
    live.open();
    const first = FakeSocket.opened[0];
    first.onopen?.();
    return [live, first];
  }

  test("silent too long, it is given up and another opened without waiting for its close", () => {
    const [live, first] = openedLive();
    vi.advanceTimersByTime(SILENT_MS + PING_MS + 300 + 1);
    expect(first.closeCalls).toBe(1);
    expect(FakeSocket.opened.length).toBe(2);
    expect(first.onclose).toBeNull(); // its late close, if any, starts no second socket
    live.close();
  });

  test("a socket that is heard from is kept", () => {
    const [live, first] = openedLive();
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(PING_MS);
      first.onmessage?.({ data: JSON.stringify({ type: "pong" }) });
    }
    expect(first.closeCalls).toBe(0);
    expect(FakeSocket.opened.length).toBe(1);
    live.close();
  });
});
