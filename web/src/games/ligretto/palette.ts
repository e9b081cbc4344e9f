// The board's colours: Okabe and Ito's colour-blind-safe palette, each colour with the game's
// own glyph (the view's letters: R Y G B P O) so that colour is never the only cue.

export type GlyphShape = "heart" | "sun" | "club" | "diamond" | "spade" | "star";

export interface Colour {
  name: string;
  fill: string;
  ink: string; // the glyph's colour on this fill, for contrast
  glyph: GlyphShape;
}

export const PALETTE: Record<string, Colour> = {
  R: { name: "red", fill: "#D55E00", ink: "#1a0a00", glyph: "heart" },
  Y: { name: "yellow", fill: "#F0E442", ink: "#3a3500", glyph: "sun" },
  G: { name: "green", fill: "#009E73", ink: "#001f16", glyph: "club" },
  B: { name: "blue", fill: "#0072B2", ink: "#ffffff", glyph: "diamond" },
  P: { name: "purple", fill: "#CC79A7", ink: "#2b0a1c", glyph: "spade" },
  O: { name: "orange", fill: "#E69F00", ink: "#2a1c00", glyph: "star" },
};

const BY_NAME: Record<string, string> = Object.fromEntries(
  Object.entries(PALETTE).map(([letter, colour]) => [colour.name, letter]),
);

export function colourOfLetter(letter: string): Colour {
  return PALETTE[letter.toUpperCase()] ?? { name: letter, fill: "#bbb", ink: "#000", glyph: "diamond" };
}

export function letterOfName(name: string): string {
  return BY_NAME[name] ?? name.slice(0, 1).toUpperCase();
}

export function colourOfName(name: string): Colour {
  return colourOfLetter(letterOfName(name));
}

// The board's frames tell players' tiles apart without colour: single, double, dashed, dotted.
export const FRAME_DASH: Record<string, string | undefined> = {
  single: undefined,
  double: undefined,
  dashed: "5 3",
  dotted: "1.5 2.5",
};
