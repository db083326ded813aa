/** Small formatting helpers shared by the cells widgets. */
export const grouped = (n: number) => n.toLocaleString("en-US");

export function percent(share: number): string {
  const p = share * 100;
  return `${Number.isInteger(p) ? p.toFixed(0) : p.toFixed(1)}%`;
}
