/** The cells widgets' words for numbers, on the course's one formatter (src/format/number.ts). */
import { countOf, grouped, percentUpTo, times } from "../../format/number.ts";

/**
 * times(1.5) is "1.5×", times(4 / 3) "1.33×": the multiple written as the chapter writes it;
 * countOf(1200, "customer") is "1,200 customers".
 */
export { countOf, grouped, times };

/** A share with at most one decimal: "10%", "12.5%". */
export const percent = (share: number) => percentUpTo(share, 1);
