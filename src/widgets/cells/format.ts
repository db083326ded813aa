/** Small formatting helpers shared by the cells widgets. */
export const grouped = (n: number) => n.toLocaleString("en-US");

/** "1 customer", "1,200 customers". */
export const countOf = (n: number, one: string, many = `${one}s`) => `${grouped(n)} ${n === 1 ? one : many}`;

export function percent(share: number): string {
  const p = share * 100;
  return `${Number.isInteger(p) ? p.toFixed(0) : p.toFixed(1)}%`;
}
