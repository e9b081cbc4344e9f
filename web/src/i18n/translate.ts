// Pure translation helpers: look a key up in a dictionary and fill its {placeholders}.
// Kept free of Svelte so Vitest can check every key and placeholder.

export type Dictionary = Readonly<Record<string, string>>;
export type Params = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;

export class MissingKey extends Error {}

export function fill(template: string, params: Params = {}): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function placeholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]).sort();
}

export function lookup(dictionary: Dictionary, key: string, params?: Params): string {
  const template = dictionary[key];
  if (template === undefined) throw new MissingKey(`missing translation key: ${key}`);
  return fill(template, params);
}

// Plural forms are separate keys: `<key>.one` for exactly one, `<key>.other` otherwise.
export function pluralKey(key: string, count: number): string {
  return `${key}.${count === 1 ? "one" : "other"}`;
}
