// localStorage, or a stand-in when it is unavailable (private modes, tests without a window).
const memory = new Map<string, string>();

export const storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> = {
  getItem(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return memory.get(key) ?? null;
    }
  },
  setItem(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      memory.set(key, value);
    }
  },
  removeItem(key) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      memory.delete(key);
    }
  },
};

const NAME_KEY = "ludoteca.name";

export function savedName(): string {
  return storage.getItem(NAME_KEY) ?? "";
}

export function saveName(name: string): void {
  storage.setItem(NAME_KEY, name.trim());
}
