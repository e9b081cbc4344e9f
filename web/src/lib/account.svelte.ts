// The person signed in on this device, if any (accounts are optional): signing up, in and
// out, and their matches kept both here and on the account, so that another device they sign
// in on finds them and goes on with them. The cookie is the server's (HttpOnly); the page
// holds only the CSRF token its writes carry.
import type { CreatedMatch, Me, PasskeyAdded, PasskeyOptions, PersonMatchOut, Profile, SignedOut } from "../protocol/types";
import { request, setCsrfToken } from "./http";
import { keepSeat, readSeats, whenSeatKept, writeSeats, type HeldSeat } from "./seats";
import { storage } from "./storage";

export const account = $state<{ me: Me | null; checked: boolean; off: boolean }>({
  me: null,
  checked: false,
  off: false,
});

function signedIn(answer: Me | null): void {
  const me = answer?.signed_in ? answer : null;
  account.me = me;
  account.checked = true;
  if (answer) account.off = answer.accounts === "off";
  setCsrfToken(me?.csrf_token ?? null);
  whenSeatKept(me ? claim : null);
}

// Who this device is signed in as (once, when the app starts).
export async function checkAccount(): Promise<void> {
  try {
    signedIn(await request<Me>("GET", "/api/accounts/me"));
  } catch {
    signedIn(null); // the page works on for a guest
  }
}

// Signed up or in: this browser's matches as a guest go on the account first, and only then
// is the person signed in here, so that the profile read as they are (the account screen's)
// already finds those matches.
async function enter(answer: Me): Promise<void> {
  setCsrfToken(answer.signed_in ? (answer.csrf_token ?? null) : null); // the claims are writes
  if (answer.signed_in) await claimAll();
  signedIn(answer);
}

export async function signUp(name: string, password: string): Promise<void> {
  await enter(await request<Me>("POST", "/api/accounts", { name, password }));
}

export async function signIn(name: string, password: string): Promise<void> {
  await enter(await request<Me>("POST", "/api/accounts/sign-in", { name, password }));
  await fetchMatches();
}

export async function signOut(everywhere = false): Promise<void> {
  await request<SignedOut>("POST", everywhere ? "/api/accounts/sign-out-everywhere" : "/api/accounts/sign-out");
  signedIn(null);
}

export async function changePassword(current: string, next: string): Promise<number> {
  const done = await request<SignedOut>("PUT", "/api/accounts/me/password", { current, new: next });
  return done.signed_out;
}

export async function deleteAccount(password: string): Promise<void> {
  await request<SignedOut>("DELETE", "/api/accounts/me", { password });
  signedIn(null);
}

// A new match of `game` with people played with: this person takes seat 0 (and hosts it),
// each of them the next seat, kept on their account. The match's id.
export async function inviteAgain(game: string, people: string[]): Promise<string> {
  const created = await request<CreatedMatch>("POST", "/api/accounts/me/invite", { game, people });
  const mine = created.seats.find((s) => s.seat === 0)?.token ?? created.spectator_token;
  whenSeatKept(null); // the server keeps it on the account already
  keepSeat(storage, {
    id: created.id, game, seat: 0, token: mine, host: created.host_token, name: account.me?.name ?? undefined,
    invites: [], watch: created.spectator_url, since: Date.now(),
  });
  whenSeatKept(claim);
  return created.id;
}

export function profile(): Promise<Profile> {
  return request<Profile>("GET", "/api/accounts/me/profile");
}

// Keep a seat (and the host's role) this browser holds on the account too.
async function claim(seat: HeldSeat): Promise<void> {
  const tokens = [seat.host, seat.seat !== null || seat.member !== undefined ? seat.token : undefined];
  for (const token of new Set(tokens)) {
    if (!token) continue;
    try {
      await request<PersonMatchOut>("POST", "/api/accounts/me/matches", { match_id: seat.id, token });
    } catch {
      // a match gone, or a token it no longer takes: it stays in this browser only
    }
  }
}

async function claimAll(): Promise<void> {
  for (const seat of readSeats(storage)) await claim(seat);
}

// The account's matches, kept in this browser so that "Your matches" and the match screens
// find them (the server gives this person their own seat's token, never another's).
export async function fetchMatches(): Promise<PersonMatchOut[]> {
  const held = await request<PersonMatchOut[]>("GET", "/api/accounts/me/matches");
  const local = readSeats(storage);
  const merged = [...local];
  for (const match of held) {
    const token = match.token ?? match.host_token;
    if (!token || local.some((s) => s.id === match.id && s.token === token)) continue;
    const since = match.created_at * 1000;
    const seat: HeldSeat = { id: match.id, game: match.game, seat: match.seat, token, since };
    if (match.host_token) seat.host = match.host_token;
    const at = merged.findIndex((s) => s.id === match.id);
    if (at >= 0) merged[at] = { ...merged[at], ...seat };
    else merged.push(seat);
  }
  writeSeats(storage, merged);
  return held;
}

// Passkeys, where the browser offers them: a secure context (https, or localhost) with
// WebAuthn's JSON helpers.
type PasskeyJson = {
  parseCreationOptionsFromJSON(options: unknown): PublicKeyCredentialCreationOptions;
  parseRequestOptionsFromJSON(options: unknown): PublicKeyCredentialRequestOptions;
};

function webAuthn(): PasskeyJson | null {
  if (typeof window === "undefined" || !window.isSecureContext) return null;
  const found = (window as unknown as { PublicKeyCredential?: Partial<PasskeyJson> }).PublicKeyCredential;
  if (!found?.parseCreationOptionsFromJSON || !found.parseRequestOptionsFromJSON) return null;
  return found as PasskeyJson;
}

export function passkeysOffered(): boolean {
  return webAuthn() !== null;
}

function asJson(credential: Credential | null): unknown {
  if (!credential) throw new Error("no passkey was chosen");
  return (credential as PublicKeyCredential).toJSON();
}

export async function addPasskey(): Promise<void> {
  const json = webAuthn();
  if (!json) return;
  const { ceremony, options } = await request<PasskeyOptions>("POST", "/api/accounts/me/passkeys/options");
  const made = await navigator.credentials.create({ publicKey: json.parseCreationOptionsFromJSON(options) });
  await request<PasskeyAdded>("POST", "/api/accounts/me/passkeys", { ceremony, credential: asJson(made) });
}

export async function signInWithPasskey(): Promise<void> {
  const json = webAuthn();
  if (!json) return;
  const { ceremony, options } = await request<PasskeyOptions>("POST", "/api/accounts/passkey/options");
  const chosen = await navigator.credentials.get({ publicKey: json.parseRequestOptionsFromJSON(options) });
  await enter(await request<Me>("POST", "/api/accounts/passkey/sign-in", { ceremony, credential: asJson(chosen) }));
  await fetchMatches();
}
