/**
 * An in-memory `Storage`, as localStorage behaves, for unit tests of code that saves in the
 * browser. `full: true` makes every write fail the way a full or disabled storage does.
 */
export function memoryStorage(initial: Record<string, string> = {}, { full = false } = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => {
      if (full) throw new DOMException("quota", "QuotaExceededError");
      data.set(k, String(v));
    },
  };
}

/** A `Storage` whose reads and writes throw a SecurityError, as Chromium's do where site data is blocked. */
export function refusedStorage(): Pick<Storage, "getItem" | "setItem" | "removeItem"> {
  const refuse = () => {
    throw new DOMException("The operation is insecure.", "SecurityError");
  };
  return { getItem: refuse, setItem: refuse, removeItem: () => {} };
}
