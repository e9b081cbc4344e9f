// No text a player reads is written in a component: every word comes from the translations.
// A component's markup, with its script, style, expressions and tags taken out, must leave only
// punctuation and symbols; attributes people read (aria-label, title, alt, placeholder) must be
// expressions.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it as test } from "vitest";

const SRC = join(__dirname, "..", "src");

function svelteFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return svelteFiles(path);
    return name.endsWith(".svelte") ? [path] : [];
  });
}

// Remove {...} expressions, allowing nested braces.
function withoutExpressions(text: string): string {
  let out = "";
  let depth = 0;
  for (const ch of text) {
    if (ch === "{") depth += 1;
    else if (ch === "}") depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  return out;
}

export function visibleText(source: string): string {
  let markup = source
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<!--[\s\S]*?-->/g, "");
  markup = withoutExpressions(markup);
  markup = markup.replace(/<[^>]*>/g, " ");
  return markup;
}

const LETTERS = /\p{L}{2,}/u;
const READ_ATTRIBUTES = /\s(aria-label|title|alt|placeholder)="([^"{]*)"/g;

describe("no hard-coded text", () => {
  const files = svelteFiles(SRC);

  test("the sources are found", () => {
    expect(files.length).toBeGreaterThan(30);
  });

  test.each(files.map((f) => [f.slice(SRC.length + 1), f]))("%s", (_name, path) => {
    const source = readFileSync(path, "utf-8");
    const words = visibleText(source).split(/\s+/).filter((w) => LETTERS.test(w));
    expect(words).toEqual([]);
    const markup = source.replace(/<script[\s\S]*?<\/script>/g, "");
    const attributes = [...markup.matchAll(READ_ATTRIBUTES)].map((m) => m[0].trim()).filter((a) => LETTERS.test(a));
    expect(attributes).toEqual([]);
  });
});
