// Errors in the reader's language: the server's errors and refusals carry a code (with its
// figures) that the translations say; the server's sentence, in English, is kept for codes this
// client does not know, and for an English screen where it says more (a game's own reason).
import { hasKey, language, t, tDynamic } from "../i18n/i18n.svelte";
type Coded = { code: string | null; params: Record<string, unknown>; message: string };

// An API error (an `ApiError` of http.ts, or the lobby plan's refusal, shaped alike) in the
// reader's language.
export function errorText(error: unknown): string {
  const coded = error as Partial<Coded> | null;
  if (coded && typeof coded.code === "string" && hasKey(`error.${coded.code}`)) {
    return tDynamic(`error.${coded.code}`, (coded.params ?? {}) as Record<string, string | number>);
  }
  // A refusal the client has no words for is still one (the server's own sentence); only a
  // failure that is no refusal at all says that something went wrong.
  if (coded && typeof coded.code === "string") return String(coded.message ?? coded.code);
  const message = error instanceof Error ? error.message : coded && typeof coded.message === "string" ? coded.message : String(error);
  return `${t("common.error")} ${message}`;
}

// Why an action was refused: a game's own reason (code "illegal") is English, with the game's
// own sentence in the reader's language where it gave one (`reasons`); another language without
// it says that the move is no longer possible.
export function rejectionText(reason: string, code: string | null, reasons?: Record<string, string> | null): string {
  const translated = reasons?.[language.current];
  if (translated) return translated;
  if (!code || !hasKey(`rejected.${code}`)) return reason;
  if (code === "illegal" && language.current === "en") return reason;
  return tDynamic(`rejected.${code}`);
}
