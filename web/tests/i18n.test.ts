// Every text exists in both languages with the same placeholders, and lookups fail loudly.
import { describe, expect, it as test } from "vitest";
import { en } from "../src/i18n/en";
import { it } from "../src/i18n/it";
import { browserLanguage, savedLanguage } from "../src/i18n/locale";
import { fill, lookup, MissingKey, placeholders, pluralKey } from "../src/i18n/translate";

describe("translations", () => {
  test("Italian and English have the same keys", () => {
    expect(Object.keys(it).sort()).toEqual(Object.keys(en).sort());
  });

  test("every key has the same placeholders in both languages", () => {
    const differ = Object.keys(en).filter(
      (key) => placeholders(en[key as keyof typeof en]).join() !== placeholders(it[key as keyof typeof it]).join(),
    );
    expect(differ).toEqual([]);
  });

  test("no text is empty", () => {
    const empty = [...Object.entries(en), ...Object.entries(it)].filter(([, text]) => !text.trim());
    expect(empty).toEqual([]);
  });

  test("a plural key comes with both forms", () => {
    const keys = Object.keys(en);
    const ones = keys.filter((k) => k.endsWith(".one")).map((k) => k.slice(0, -4));
    const others = keys.filter((k) => k.endsWith(".other")).map((k) => k.slice(0, -6));
    expect(ones.sort()).toEqual(others.sort());
  });

  test("a missing key throws instead of showing a key to players", () => {
    expect(() => lookup(en, "no.such.key")).toThrow(MissingKey);
  });

  test("placeholders are filled, unknown ones left visible", () => {
    expect(fill("{who} moved to {region}", { who: "Ada", region: "Valls" })).toBe("Ada moved to Valls");
    expect(fill("{who} and {other}", { who: "Ada" })).toBe("Ada and {other}");
    expect(pluralKey("x", 1)).toBe("x.one");
    expect(pluralKey("x", 0)).toBe("x.other");
  });
});

describe("the language shown", () => {
  test("Italian for an Italian browser, English otherwise", () => {
    expect(browserLanguage(["it-IT", "en"])).toBe("it");
    expect(browserLanguage(["de-DE", "it"])).toBe("it");
    expect(browserLanguage(["fr-FR"])).toBe("en");
    expect(browserLanguage([])).toBe("en");
  });

  test("the reader's choice wins, and a broken storage is ignored", () => {
    expect(savedLanguage({ getItem: () => "en" })).toBe("en");
    expect(savedLanguage({ getItem: () => "xx" })).toBeNull();
    expect(savedLanguage({ getItem: () => { throw new Error("disabled"); } })).toBeNull();
  });
});
