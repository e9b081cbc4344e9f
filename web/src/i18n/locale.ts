// Which language to show: the reader's own choice (kept in localStorage), else Italian for an
// Italian browser, else English.
export const LANGUAGES = ["it", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = "ludoteca.lang";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
  }
  return "en";
}

export function savedLanguage(storage: Pick<Storage, "getItem"> | undefined): Language | null {
  try {
    const value = storage?.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null; // storage may be disabled: fall back to the browser's language
  }
}

export function saveLanguage(storage: Pick<Storage, "setItem"> | undefined, lang: Language): void {
  try {
    storage?.setItem(STORAGE_KEY, lang);
  } catch {
    // not kept: the switch still works for this page
  }
}
