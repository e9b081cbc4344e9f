"""The built site's internal links and images, checked after `mkdocs build` (make docs).

MkDocs' --strict checks the links between Markdown pages, but not an image's address, a link
written in HTML or one a generated page holds. This reads every page of site/ and checks that
each `<a href>` and `<img src>` inside the site names a file that exists (and, for a link with
`#anchor`, an element with that id on the page). External addresses (http:, https:, mailto:)
are left out: the build asks no other server. Any other scheme (`picture:castell-map`) names
nothing a browser can fetch from the site, and fails.

    .venv/bin/python tools/check_site.py [SITE]      (SITE: site/ by default)

Exit status 1 with one line per broken link: the page, what it links to and why.
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

EXTERNAL = ("http", "https", "mailto", "data")


class Page(HTMLParser):
    """One built page's links, images and ids."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []  # (tag, address)
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(str(values["id"]))
        address = values.get("href") if tag in ("a", "link") else values.get("src")
        if tag in ("a", "img", "link") and address is not None:
            self.links.append((tag, address))


def read(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8", errors="replace"))
    return page


def broken(site: Path) -> list[str]:
    """One sentence per broken internal link or image of the site."""
    site = site.resolve()
    pages = {path: read(path) for path in site.rglob("*.html")}
    problems = []
    for path, page in sorted(pages.items()):
        for tag, address in page.links:
            why = _why_broken(site, path, address, pages)
            if why:
                what = "image" if tag == "img" else "link"
                problems.append(f"{path.relative_to(site)}: the {what} {address!r} {why}")
    return problems


def _why_broken(site: Path, page: Path, address: str, pages: dict[Path, Page]) -> str | None:
    parts = urlsplit(address)
    if parts.scheme in EXTERNAL or parts.netloc:
        return None
    if parts.scheme:
        return (f"uses the scheme {parts.scheme!r}, which a browser cannot fetch from the site: "
                "link a file of docs/ instead")
    path = unquote(parts.path)
    base = site if path.startswith("/") else page.parent  # the 404 page links from the root
    target = (base / path.lstrip("/")).resolve() if path else page
    if target.is_dir():
        target = target / "index.html"
    if not target.exists():
        return "names no file of the built site: fix the path (relative to the Markdown page)"
    if parts.fragment and target in pages and parts.fragment not in pages[target].ids:
        return f"names the anchor #{parts.fragment}, which its page does not have"
    return None


def main(arguments: list[str]) -> int:
    site = Path(arguments[0] if arguments else "site")
    if not (site / "index.html").exists():
        print(f"{site}/index.html is missing: build the site first (make docs)", file=sys.stderr)
        return 2
    problems = broken(site)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
