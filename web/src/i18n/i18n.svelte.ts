// The current language as reactive state, and `t` to translate in components: reading
// `language.current` inside `t` makes every translated text follow the switch.
import { en } from "./en";
import { it } from "./it";
import { browserLanguage, saveLanguage, savedLanguage, type Language } from "./locale";
import { lookup, pluralKey, type Dictionary, type Params } from "./translate";

export type Key = keyof typeof en;

const DICTIONARIES: Record<Language, Dictionary> = { en, it };

function initial(): Language {
  if (typeof window === "undefined") return "en";
  return savedLanguage(window.localStorage) ?? browserLanguage(navigator.languages ?? []);
}

export const language = $state({ current: initial() });

export function setLanguage(lang: Language): void {
  language.current = lang;
  if (typeof window !== "undefined") saveLanguage(window.localStorage, lang);
  if (typeof document !== "undefined") document.documentElement.lang = lang;
}

export function t(key: Key, params?: Params): string {
  return lookup(DICTIONARIES[language.current], key, params);
}

// For keys built from data (a skill, an event kind): checked at run time, with a fallback.
export function tDynamic(key: string, params?: Params, fallback?: string): string {
  const dictionary = DICTIONARIES[language.current];
  if (!(key in dictionary)) return fallback ?? key;
  return lookup(dictionary, key, params);
}

export function hasKey(key: string): boolean {
  return key in DICTIONARIES[language.current];
}

export function tn(key: string, count: number, params?: Params): string {
  return lookup(DICTIONARIES[language.current], pluralKey(key, count), { count, ...params });
}
