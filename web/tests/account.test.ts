// Signing up or in on a browser that played as a guest: its matches go on the account before
// the person shows as signed in here, since the account screen reads the profile (the matches
// played) as soon as they do. A slow claim once let the profile come first, without them.
import { afterEach, describe, expect, it as test, vi } from "vitest";
import { account, signIn, signOut, signUp } from "../src/lib/account.svelte";
import { writeSeats } from "../src/lib/seats";
import { storage } from "../src/lib/storage";

const ME = { accounts: "optional", csrf_token: "csrf-1", id: "p1", name: "Bea", signed_in: true };

type Call = { method: string; path: string; csrf: string | null; signedIn: boolean };

// A server that answers each request (after a delay, as a loaded one may), noting whether the
// person already showed as signed in when it came.
function server(calls: Call[]): typeof fetch {
  return (async (path: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    calls.push({ method: init.method ?? "GET", path, csrf: headers["X-CSRF-Token"] ?? null, signedIn: account.me !== null });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const body = path.endsWith("/me/matches") && init.method === "GET" ? [] : path.includes("sign-out") ? { signed_out: 1 } : ME;
    return new Response(JSON.stringify(body), { status: 200 });
  }) as unknown as typeof fetch;
}

describe("signing up or in keeps this browser's guest matches first", () => {
  afterEach(async () => {
    await signOut();
    writeSeats(storage, []);
    vi.unstubAllGlobals();
  });

  for (const [how, enter] of [["up", () => signUp("Bea", "a long password")], ["in", () => signIn("Bea", "a long password")]] as const) {
    test(`signing ${how}: the guest's seat is claimed, with the CSRF token, before the person shows as signed in`, async () => {
      writeSeats(storage, [{ id: "m1", game: "goofspiel", seat: 1, token: "seat-token", since: 1 }]);
      const calls: Call[] = [];
      vi.stubGlobal("fetch", server(calls));
      await enter();
      const claim = calls.find((c) => c.method === "POST" && c.path === "/api/accounts/me/matches");
      expect(claim).toMatchObject({ csrf: "csrf-1", signedIn: false });
      expect(account.me?.name).toBe("Bea");
    });
  }
});
