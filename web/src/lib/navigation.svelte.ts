// The current route as reactive state; `go` changes page without reloading.
import { parseRoute, type Route } from "./router";

export const location = $state<{ route: Route }>({
  route: parseRoute(window.location.pathname, window.location.hash),
});

export function go(path: string, replace = false): void {
  if (replace) window.history.replaceState(null, "", path);
  else window.history.pushState(null, "", path);
  location.route = parseRoute(window.location.pathname, window.location.hash);
  window.scrollTo(0, 0);
}

window.addEventListener("popstate", () => {
  location.route = parseRoute(window.location.pathname, window.location.hash);
});

// Links inside the app change page in place; modified clicks open new tabs as usual.
export function internalLink(event: MouseEvent): void {
  const anchor = (event.target as Element | null)?.closest("a");
  if (!anchor || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || anchor.target || anchor.hasAttribute("download")) return;
  if (url.pathname.startsWith("/api/")) return;
  event.preventDefault();
  go(url.pathname + url.hash);
}
