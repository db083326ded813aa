/** 32-bit FNV-1a of the string's UTF-16 code units, unsigned. */
export function fnv1a(text: string): number {
  // TODO
  throw new Error("fnv1a is not written yet");
}

/** The cell for a customer: its entry in `moved` if it has one, else fnv1a(id) % cells. */
export function route(customerId: string, cells: number, moved: ReadonlyMap<string, number> = new Map()): number {
  // TODO: validate, then route.
  throw new Error("route is not written yet");
}
