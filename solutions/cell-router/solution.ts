/** 32-bit FNV-1a: XOR each code unit in, multiply by the FNV prime modulo 2^32. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function route(customerId: string, cells: number, moved: ReadonlyMap<string, number> = new Map()): number {
  if (!Number.isInteger(cells) || cells < 1) throw new RangeError(`cells must be a whole number >= 1, got ${cells}`);
  if (typeof customerId !== "string" || customerId === "")
    throw new RangeError("a customer id must be a non-empty string");
  const override = moved.get(customerId);
  if (override !== undefined) {
    if (!Number.isInteger(override) || override < 0 || override >= cells) {
      throw new RangeError(`customer ${customerId} is mapped to cell ${override}, outside 0..${cells - 1}`);
    }
    return override;
  }
  return fnv1a(customerId) % cells;
}
