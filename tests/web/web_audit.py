"""What every screen the browser tests photograph is checked for (`Table.shot` runs both):

- its words: in the page's language only (no word that only the other language's texts use),
  and none of the code's words (an option's or a translation's key, a rule's [D-n], a file of
  the code);
- its accessibility: axe-core (web/node_modules/axe-core, brought by @axe-core/playwright)
  finds no serious or critical violation.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page

from ludoteca.games.ciurme.data import SHIP_NAMES

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "web" / "src" / "i18n"
AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
# Names, not words of a language: games, places, people in these tests, units, Ciurme's ships.
NAMES = {"castell", "ligretto", "goofspiel", "ciurme", "ludoteca", "lleida", "valls",
         "tarragona", "vilanova", "vilafranca", "barcelona", "girona", "ada", "bea", "bot",
         *(w.lower() for ship in SHIP_NAMES for w in re.findall(r"[^\W\d_]{3,}", ship))}
# Words of both languages ("pile dei premi", "fine del round"; "it's fine"; "decide").
SHARED = {"pile", "fine", "decide"}
# The code's words: a rule's number, a file of the code, an option's name (vote_seconds,
# automaton_load=0), a translation's key (castell.event.moved).
CODE_WORDS = re.compile(
    r"\[D-\d+\]|\b[\w/]+\.(?:py|ts|svelte|md)\b|\b[a-z]+(?:_[a-z0-9]+)+\b(?:=\d+)?"
    r"|\b[a-z]+\.[a-z_]+\.[a-z_.]+\b"
)


def words_of(language: str) -> set[str]:
    """Every word of one language's texts in the client."""
    text = (I18N / f"{language}.ts").read_text(encoding="utf-8")
    values = re.findall(r'^\s+"[\w.-]+": "((?:[^"\\]|\\.)*)",$', text, re.M)
    words = set()
    for value in values:
        value = re.sub(r"\{\w+\}", " ", value)
        words |= {w.lower() for w in re.findall(r"[^\W\d_]{3,}", value)}
    return words


ENGLISH, ITALIAN = words_of("en"), words_of("it")
ONLY = {"en": ENGLISH - ITALIAN - NAMES - SHARED, "it": ITALIAN - ENGLISH - NAMES - SHARED}


def page_text(page: Page) -> str:
    """The page's visible words, without the drawings' labels (the wheel's three-letter skills)
    and what somebody wrote (a message, marked data-typed, in its writer's language)."""
    return str(page.evaluate("""() => {
        const main = (document.querySelector("main") || document.body).cloneNode(true);
        main.querySelectorAll("svg, .feed, .chat, [data-typed]").forEach((e) => e.remove());
        document.body.appendChild(main);
        const text = main.innerText;
        main.remove();
        return text;
    }"""))


def foreign_words(text: str, language: str) -> list[str]:
    """Words of `text` that only the other language's texts use."""
    other = ONLY["en" if language == "it" else "it"]
    return sorted({w for w in (x.lower() for x in re.findall(r"[^\W\d_]{3,}", text))
                   if w in other})


def language_problems(page: Page, language: str | None = None) -> list[str]:
    """Words on the page that do not belong there, each with its line."""
    language = language or str(page.evaluate("document.documentElement.lang")) or "en"
    problems = []
    for line in page_text(page).splitlines():
        # An address shown for typing (127.0.0.1:8000/join) is no word of either language.
        words = foreign_words(re.sub(r"\S+/\S*", " ", line), language)
        if words:
            problems.append(f"{words} on a {language} screen: {line.strip()!r}")
        for code in CODE_WORDS.findall(line):
            problems.append(f"the code's word {code!r} on a screen: {line.strip()!r}")
    return problems


def axe_problems(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page, each with where it is."""
    if not AXE.is_file():
        return [f"{AXE.relative_to(ROOT)} is missing: run `make web-check`"]
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Evaluated through the browser's tools, which the page's Content-Security-Policy
        # (scripts of its own origin only) does not govern: a script tag would be refused.
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    violations = page.evaluate("""async () => {
        const found = await axe.run(document, { resultTypes: ["violations"] });
        return found.violations
            .filter((v) => v.impact === "serious" || v.impact === "critical")
            .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                           where: v.nodes.slice(0, 4).map((n) => n.target.join(" ")) }));
    }""")
    return [f"axe {v['impact']} {v['id']} ({v['help']}) at {v['where']}" for v in violations]
