/** The cells widgets' words for numbers, on the course's one formatter (src/format/number.ts). */
import { grouped, percentUpTo } from "../../format/number.ts";

export { grouped };

/** A share with at most one decimal: "10%", "12.5%". */
export const percent = (share: number) => percentUpTo(share, 1);

/** "1 customer", "1,200 customers". */
export const countOf = (n: number, one: string, many = `${one}s`) => `${grouped(n)} ${n === 1 ? one : many}`;
