/** The cells widgets' words for numbers, on the course's one formatter (src/format/number.ts). */
import { grouped, percentUpTo, times } from "../../format/number.ts";

/** times(1.5) is "1.5×", times(4 / 3) "1.33×": the multiple written as the chapter writes it. */
export { grouped, times };

/** A share with at most one decimal: "10%", "12.5%". */
export const percent = (share: number) => percentUpTo(share, 1);

/** "1 customer", "1,200 customers". */
export const countOf = (n: number, one: string, many = `${one}s`) => `${grouped(n)} ${n === 1 ? one : many}`;
