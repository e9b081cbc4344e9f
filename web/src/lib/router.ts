// The client's pages, from the address bar. The server hands out /play/<id>#token=... and
// /watch/<id>#token=... links; the token stays after '#', which browsers never send.

export type Route =
  | { page: "home" }
  | { page: "new"; game: string }
  | { page: "play"; id: string; token: string | null }
  | { page: "watch"; id: string; token: string | null }
  | { page: "replay"; id: string }
  | { page: "rules"; game: string }
  | { page: "join"; code: string }
  | { page: "new-session" }
  | { page: "session"; id: string }
  | { page: "projector"; id: string; token: string | null }
  | { page: "debrief"; id: string }
  | { page: "account" }
  | { page: "missing"; path: string };

const ID = "([A-Za-z0-9_-]{1,64})";
const PATTERNS: [RegExp, (m: RegExpMatchArray, token: string | null) => Route][] = [
  [/^\/?$/, () => ({ page: "home" })],
  [new RegExp(`^/new/${ID}/?$`), (m) => ({ page: "new", game: m[1] })],
  [new RegExp(`^/play/${ID}/?$`), (m, token) => ({ page: "play", id: m[1], token })],
  [new RegExp(`^/watch/${ID}/?$`), (m, token) => ({ page: "watch", id: m[1], token })],
  [new RegExp(`^/replay/${ID}/?$`), (m) => ({ page: "replay", id: m[1] })],
  [new RegExp(`^/rules/${ID}/?$`), (m) => ({ page: "rules", game: m[1] })],
  [/^\/join\/?$/, () => ({ page: "join", code: "" })],
  [/^\/session\/?$/, () => ({ page: "new-session" })],
  [new RegExp(`^/session/${ID}/?$`), (m) => ({ page: "session", id: m[1] })],
  [new RegExp(`^/projector/${ID}/?$`), (m, token) => ({ page: "projector", id: m[1], token })],
  [new RegExp(`^/debrief/${ID}/?$`), (m) => ({ page: "debrief", id: m[1] })],
  [/^\/account\/?$/, () => ({ page: "account" })],
];

// The join code a projector's QR puts in the address: /join#code=ABC234.
export function codeOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, "")).get("code") ?? "";
}

export function tokenOf(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const token = params.get("token");
  return token ? token : null;
}

export function parseRoute(pathname: string, hash = ""): Route {
  const path = pathname.replace(/^\/app(?=\/|$)/, "") || "/";
  for (const [pattern, make] of PATTERNS) {
    const match = path.match(pattern);
    if (match) {
      const route = make(match, tokenOf(hash));
      return route.page === "join" ? { page: "join", code: codeOf(hash) } : route;
    }
  }
  return { page: "missing", path };
}

export function href(route: Route): string {
  switch (route.page) {
    case "home":
      return "/";
    case "new":
      return `/new/${route.game}`;
    case "play":
      return `/play/${route.id}`;
    case "watch":
      return `/watch/${route.id}`;
    case "replay":
      return `/replay/${route.id}`;
    case "rules":
      return `/rules/${route.game}`;
    case "join":
      return route.code ? `/join#code=${route.code}` : "/join";
    case "new-session":
      return "/session";
    case "session":
      return `/session/${route.id}`;
    case "projector":
      return `/projector/${route.id}`;
    case "debrief":
      return `/debrief/${route.id}`;
    case "account":
      return "/account";
    case "missing":
      return route.path;
  }
}
