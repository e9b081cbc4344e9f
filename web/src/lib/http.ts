// JSON over HTTP to the server's /api, with its errors ({"error": sentence, "code"?, "params"?})
// as exceptions; `code` and `params` let a screen say the error in its own language.

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

// The signed-in device's CSRF token (lib/account): every write carries it, so that the
// server knows the write comes from its own pages and not from a page elsewhere that made the
// browser send the sign-in cookie.
let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export async function request<T>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (csrfToken && method !== "GET") headers["X-CSRF-Token"] = csrfToken;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const error = data as { error?: string; detail?: unknown; code?: string; params?: Record<string, string | number> } | null;
    const message = error?.error ?? (typeof error?.detail === "string" ? error.detail : null);
    throw new ApiError(message ?? `${response.status} ${response.statusText}`, response.status,
      error?.code ?? null, error?.params ?? {});
  }
  return data as T;
}
