// A game's options as the server describes them (GET /api/games), made into form fields.
export interface OptionInfo {
  name: string;
  type: string;
  default: unknown;
  choices: unknown[] | null;
  range: [number, number] | null;
  help: string;
}

export type Field =
  | { kind: "bool"; option: OptionInfo }
  | { kind: "choice"; option: OptionInfo; choices: (string | number)[] }
  | { kind: "int"; option: OptionInfo; min?: number; max?: number }
  | { kind: "text"; option: OptionInfo };

export function asOption(raw: Record<string, unknown>): OptionInfo {
  return {
    name: String(raw.name),
    type: String(raw.type),
    default: raw.default,
    choices: Array.isArray(raw.choices) ? raw.choices : null,
    range: Array.isArray(raw.range) && raw.range.length === 2 ? (raw.range as [number, number]) : null,
    help: typeof raw.help === "string" ? raw.help : "",
  };
}

// Tuple options (Ligretto's individual boards, Ciurme's explicit crews) resume a match or
// arrange a workshop: they are not offered on the create form, which keeps their defaults.
export function fieldOf(option: OptionInfo): Field | null {
  if (option.type === "bool") return { kind: "bool", option };
  if (option.choices && option.choices.every((c) => typeof c === "string" || typeof c === "number")) {
    return { kind: "choice", option, choices: option.choices as (string | number)[] };
  }
  if (option.type === "int") {
    return { kind: "int", option, min: option.range?.[0], max: option.range?.[1] };
  }
  if (option.type === "str") return { kind: "text", option };
  return null;
}

// Only the options changed from their defaults are sent: the server fills in the rest.
export function changedOptions(
  options: OptionInfo[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const option of options) {
    const value = values[option.name];
    if (value !== undefined && value !== option.default) out[option.name] = value;
  }
  return out;
}
