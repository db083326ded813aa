/**
 * How the course writes numbers for people: one module, used by the chapters' numbers.ts files,
 * the simulations' descriptions, the CLIs and the widgets, so the same figure reads the same
 * everywhere. Pure: no DOM, no Node, no locale of the machine (always en-US digits).
 *
 * Each function has one rule; pick the one whose rule you mean:
 *   grouped(1820.4)            "1,820"      whole numbers (or `digits` decimals), thousands grouped
 *   groupedDigits("1820")      "1,820"      a run of digits grouped, for a number held as text
 *   rounded(0.99375)           "0.99"       `figures` significant figures, thousands grouped
 *   percent(0.25)              "25.0%"      a fixed number of decimals
 *   percentUpTo(0.25)          "25%"        at most `digits` decimals, trailing zeros dropped
 *   percentTrimmedIfExact(0.25)   "25%"     `digits` decimals, their zeros dropped only where the share is exact:
 *                                           2,500 of 9,999 (25.0025%) -> "25.0%", 1/28 -> "3.6%"
 *   successPercent(0.9996)     "100.0%"     a success rate: percentTrimmedIfExact to one decimal, "100%" only for all
 *   percentAtLeast(0.99494)    "99.4%"      as percentUpTo, rounded down: for "at least", "at or above"
 *   percentAtMost(0.0033)      "0.4%"       as percentUpTo, rounded up: for "at most", "no more than"
 *   percentOfWhole(0.9999)     "over 99.9%" as percentUpTo, but "0%" and "100%" only for exactly none and all
 *   percentFigures(1/1820)     "0.0549%"    `figures` significant figures, trailing zeros dropped
 *   percentToFigures(1/28, 3)  "3.57%"      `figures` significant figures, zeros dropped only where exact ("0.0100%" rounded)
 *   percentagePoints(0.0042)   "0.4"        a gap between shares in points, the number alone
 *   readableShare(1/1820)      "0.055%"     as percentAnySize, its power of ten raised below a millionth ("1.37 × 10⁻¹⁰%")
 *   percentAnySize(1.37e-12)   "1.37 × 10^-10%"  always a percentage, in powers of ten once all zeros;
 *                                           by percentTrimmedIfExact's rule at every size ("25%", "0.10%", "1 × 10^-7%")
 *   percentOfFraction({ numerator: 1n, denominator: 841n * 10n ** 770n, value: 0 })   "1.19 × 10^-771%"  an exact share a double holds as 0
 *   percentAndOneIn(1/1820)    "0.0549% (about 1 in 1,820)"
 *   oneIn(1/1820)              "1 in 1,820"
 *   oneInWhole(28n)            "1 in 28 = 3.6%"   a chance of one in a bigint, exactly, with its percentAnySize (and `html`)
 *   times(4/3)                 "1.33×"      a multiple, at most `digits` decimals
 *   perRequest(4.648)          "4.65"       a figure per request (tries, dependency calls): two decimals, grouped
 *   scientific(1.33e-8)        { mantissa: "1.33", exponent: -8, text: "1.33e-8" }
 *   inverseScientific(1820n)   1 / n in scientific notation, exact for any size of bigint
 *   powerOfTen(1.37e-10)       { mantissa: "1.37", exponent: "-10", text: "1.37 × 10^-10", html: "1.37 × 10<sup>-10</sup>" }
 *   raisedPowers("1.37 × 10^-10%")   "1.37 × 10⁻¹⁰%"   a text's powers of ten as the terminal writes them, exponents raised
 *   spokenPowers("2.73 × 10^70")   "2.73 × 10 to the power of 70"   a text's powers of ten as a screen reader should say them (10⁻⁵ too)
 *   figuresToSay("is 1 × 10⁻⁷.")   ["is ", { shown, spoken }, "."]   a live region's sentence, each power of ten shown and said
 *   wholeNumber(10n ** 40n)    "1.00 × 10^40 (41 digits)"   a bigint grouped, or scientific when huge (wholeNumberHtml: <sup>)
 *   latency(2500)              "2.5 s"      a latency: whole ms below a second, then seconds to one decimal
 *   minutesAndSeconds(656)     "10 min 56 s"  a moment or a length, short; "10 min", not "10 min 0 s"
 *   clockTime(545)             "9:05"       whole seconds as a clock shows them, minutes and two-digit seconds
 *   duration(660)              "11 minutes" in words, for a sentence ("10 minutes 56 seconds")
 *   countOf(2048, "worker")    "2,048 workers"  a count and its noun, singular for one ("1 try", "2 tries")
 *   nounFor(1, "worker")       "worker"     the noun alone, as countOf picks it, before a list ("crashes worker w3")
 *   secondsOrMinutes(12.34)    "12.3 s"     a moment for a sentence: tenths below two minutes, then minutesAndSeconds
 *   elapsedSeconds(1234, 2)    "1.23 s"     a measured time in milliseconds, as seconds with exactly `digits` decimals
 *   timerMillis(1.2346)        "1.235ms"    a timer's reading as Node's console.timeEnd writes it
 *   fixed(1234.56, 1)          "1234.6"     exactly `digits` decimals, not grouped: a log line, a terminal table, a data attribute
 *   plainFigures(1/3, 3)       "0.333"      `figures` significant figures as JavaScript writes a number (not grouped), "1.2 × 10⁻⁷" for its "1.2e-7"
 *   exactFigure("1.5", 6)      "1,500,000"  a decimal × 10^power exactly, grouped, never rounded ("5 × 10²³" from 10^21)
 *   compactNumber(20000)       "20k"        an axis tick that fits a phone: k and M to one decimal, below 1,000 to two
 *
 * For the browser, not for people (the same rounding, kept here so it lives in one place):
 *   svgCoordinate(12.345)      "12.3"       an SVG coordinate, one decimal
 *   cssPercent(0.5, 1)         "50.0%"      a share as a CSS length; { trim: true } drops trailing zeros ("50%")
 *
 * And the rounding behind them, for a number that stays a number (a slider's step, a grader's comparison):
 *   roundToDecimals(0.1 + 0.2, 2)   0.3     `digits` decimals
 *   roundToFigures(2.675, 3)        2.67    `figures` significant figures (of the double: 2.675 is a hair below)
 *   wholeSecondsThatAddUp([1400, 300])   { parts: [1, 0], total: 1 }   measured parts in whole seconds that sum to the whole
 */

import { superscripts } from "./scripts.ts";
import { unbrokenFigures } from "./units.ts";

const groupedFormats = new Map<number, Intl.NumberFormat>();

function groupedFormat(digits: number): Intl.NumberFormat {
  let format = groupedFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
    groupedFormats.set(digits, format);
  }
  return format;
}

function checkDigits(digits: number): void {
  if (!Number.isInteger(digits) || digits < 0 || digits > 20)
    throw new RangeError(`digits must be a whole number from 0 to 20, got ${digits}`);
}

/** Thousands grouped, en-US: 1820.4 -> "1,820"; with `digits`, that many decimals: "1.1". Bigints exactly. */
export function grouped(value: number | bigint, digits = 0): string {
  checkDigits(digits);
  if (typeof value === "bigint") return groupedDigits(value.toString());
  return groupedFormat(digits).format(value);
}

/** A run of digits (a sign before them allowed) grouped by thousands, as `grouped` writes a whole number: "1820" -> "1,820". */
export function groupedDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * A value rounded to `figures` significant figures (default 2), thousands grouped, never in
 * exponent form: 0.99375 -> "0.99", 15.78 -> "16", 24000 -> "24,000", 0.0000822 -> "0.000082".
 */
export function rounded(value: number, figures = 2): string {
  if (!Number.isInteger(figures) || figures < 1 || figures > 21)
    throw new RangeError(`figures must be a whole number from 1 to 21, got ${figures}`);
  if (!Number.isFinite(value)) throw new RangeError(`a rounded figure needs a finite number, got ${value}`);
  return (Number(value.toPrecision(figures)) + 0).toLocaleString("en-US", { maximumFractionDigits: 20 });
}

/**
 * A share's percentage, with the error of multiplying by 100 taken out: 0.2875 x 100 is
 * 28.749999999999996 in floating point, which rounds to "28.7%" where the share's own decimal,
 * 28.75, rounds to "28.8%". Fifteen significant figures are as many as every double carries, so
 * the rounding that follows judges the share's decimal, not the product's last bit.
 */
function hundredfold(share: number): number {
  return Number((share * 100).toPrecision(15));
}

/** A share as a percentage with exactly `digits` decimals: 0.0357 -> "3.6%", 0.25 -> "25.0%". */
export function percent(share: number, digits = 1): string {
  checkDigits(digits);
  return `${hundredfold(share).toFixed(digits)}%`;
}

/** A share as a percentage with at most `digits` decimals, trailing zeros dropped: 0.25 -> "25%", 1/28 -> "3.6%". */
export function percentUpTo(share: number, digits = 1): string {
  checkDigits(digits);
  // Number() drops trailing zeros; adding 0 turns -0 into 0.
  return `${Number(hundredfold(share).toFixed(digits)) + 0}%`;
}

/**
 * A numeral that rounds `value`, its trailing zeros after the point dropped only when it is
 * `value` exactly: ("25.0", 25) -> "25", ("25.0", 25.0025) -> "25.0", ("0.10", 0.1) -> "0.1".
 * A zero that is left says the figure was rounded there, so "25%" is a quarter and "25.0%" is
 * a share that rounds to it.
 */
function trimmedIfExact(numeral: string, value: number): string {
  if (!numeral.includes(".") || Number(numeral) !== value) return numeral;
  return numeral.replace(/\.?0+$/, "");
}

/**
 * A share as a percentage with `digits` decimals, whose trailing zeros are dropped only where
 * the share is exactly what is left: 0.25 -> "25%", 1 -> "100%", 0.125 -> "12.5%", but
 * 2500 / 9999 (25.0025%) -> "25.0%" and 0.2304 -> "23.0%", and 1/28 -> "3.6%". So a page that
 * writes a quarter "25%" in its prose writes it "25%" in its tables too, and a rounded figure
 * never reads as an exact one.
 */
export function percentTrimmedIfExact(share: number, digits = 1): string {
  checkDigits(digits);
  const value = hundredfold(share) + 0;
  return `${trimmedIfExact(value.toFixed(digits), value)}%`;
}

/**
 * A success rate (or any share of requests that went well) as every page and the terminal write
 * it: the replay's summaries, the moment under its playhead and its data table, the presenter's
 * run sheets, the retry-storm and bulkheads chapters, the game day's rows, its cache's hits and
 * the tabletop cards. One decimal, its zero dropped only where the share is exact
 * (percentTrimmedIfExact): every request served reads "100%", none "0%", 7 of 8 "87.5%", but
 * 0.9996 reads "100.0%" and 0.53996 "54.0%". So a rate one request in 2,500 short of all never
 * reads as all (percentUpTo wrote it "100%"), and a rate that moves within the tens keeps its
 * width ("54.0%" beside "54.3%"). One rule under one name, so a figure in a chapter, on a run
 * sheet and on the screen it describes is the same text.
 */
export function successPercent(share: number): string {
  return percentTrimmedIfExact(share, 1);
}

/** `value` to `digits` decimals, rounded down or up; the product's last bit taken out as `hundredfold` does. */
function decimalsToward(value: number, digits: number, direction: "down" | "up"): number {
  const scaled = Number((value * 10 ** digits).toPrecision(15));
  return (direction === "down" ? Math.floor(scaled) : Math.ceil(scaled)) / 10 ** digits;
}

/**
 * A share of a whole as percentUpTo writes it, except that "0%" and "100%" are kept for exactly
 * none and exactly all: a share that would round to either end reads "under 0.1%" or "over
 * 99.9%" instead (to `digits` decimals), since 0.9999 of traffic is not all of it.
 */
export function percentOfWhole(share: number, digits = 1): string {
  checkDigits(digits);
  if (!(share >= 0 && share <= 1)) throw new RangeError(`a share of a whole is from 0 to 1, got ${share}`);
  if (share === 0 || share === 1) return percentUpTo(share, digits);
  const shown = percentUpTo(share, digits);
  const step = 10 ** -digits;
  if (shown === "0%") return `under ${Number(step.toFixed(digits))}%`;
  if (shown === "100%") return `over ${Number((100 - step).toFixed(digits))}%`;
  return shown;
}

/**
 * A share as a percentage rounded down to at most `digits` decimals, for a bound from below
 * ("every service at least 99.4%"): 0.99494 -> "99.4%", where `percentUpTo` says "99.5%", which
 * the share does not reach.
 */
export function percentAtLeast(share: number, digits = 1): string {
  checkDigits(digits);
  return `${decimalsToward(hundredfold(share), digits, "down") + 0}%`;
}

/**
 * A share as a percentage rounded up to at most `digits` decimals, for a bound from above ("no
 * service gets more than 0.4%"): 0.0033 -> "0.4%", where `percentUpTo` says "0.3%", which the
 * share exceeds.
 */
export function percentAtMost(share: number, digits = 1): string {
  checkDigits(digits);
  return `${decimalsToward(hundredfold(share), digits, "up") + 0}%`;
}

/** Below this, percentAnySize writes a power of ten (a percentage would start with six zeros). */
const allZeros = 1e-6;

/**
 * A share whose size may be anything, for a text without markup (the game day's rows and its
 * terminal report, a chapter's sentence): percentAnySize, by its rule at every size (a trailing
 * zero only where the share was rounded there: "25%", "42.9%", "23.0%", "0.055%", "0.030%" for
 * 0.000304), with a power of ten's exponent raised as the terminal and the grader write it
 * (raisedPowers): 1 / 730,862,190,080 -> "1.37 × 10⁻¹⁰%", never JavaScript's "1.37e-12".
 */
export function readableShare(share: number): string {
  return raisedPowers(percentAnySize(share));
}

/** A share as a percentage to `figures` significant figures, trailing zeros dropped: 1/1820 -> "0.0549%", 0.05 -> "5%". */
export function percentFigures(share: number, figures = 3): string {
  if (!Number.isInteger(figures) || figures < 1 || figures > 21)
    throw new RangeError(`figures must be a whole number from 1 to 21, got ${figures}`);
  return `${Number(hundredfold(share).toPrecision(figures))}%`;
}

/**
 * A share's percentage to `figures` significant figures, a trailing zero dropped only where the
 * share is exactly what is left (percentTrimmedIfExact's rule, at any number of figures: 1/4 to
 * four figures is "25%", 0.0099995% to three is "0.0100%", where percentFigures would write
 * "0.01%", one figure), in powers of ten where `usual` (the same share as the page writes it) is,
 * or where plain digits would run past 20 decimals: 1 / 75,287,520 to five figures is
 * "1.3282 × 10^-6%" beside percentAnySize's "1.33 × 10^-6%".
 */
export function percentToFigures(share: number, figures: number, usual = ""): string {
  // The share's own power of ten, after rounding (0.000099995 to three figures is 1.00 × 10^-4).
  const { mantissa, exponent } = scientific(share, figures - 1);
  const decimals = Math.max(0, figures - 1 - (exponent + 2));
  if (usual.includes(" × 10^") || decimals > 20) {
    const exact = Number(`${mantissa}e${exponent}`) === share;
    return `${powerOfTen({ mantissa, exponent: exponent + 2 }, figures - 1, { trim: exact }).text}%`;
  }
  return percentTrimmedIfExact(share, decimals);
}

/**
 * A gap between two shares in percentage points, the number alone, with `digits` decimals: the
 * sentence names the unit ("0.4 of a percentage point"), since "0.4%" would be a share.
 */
export function percentagePoints(share: number, digits = 1): string {
  checkDigits(digits);
  return hundredfold(share).toFixed(digits);
}

/**
 * A share of any size, always as a percentage, by percentTrimmedIfExact's rule (a trailing zero
 * only where the share was rounded there): one decimal from 1% ("25%", "42.9%", "25.0%" for
 * 25.0025%), two significant figures below ("0.055%", "0.1%" for a thousandth, "0.10%" for
 * 0.10004%), and a power of ten once it would be all zeros: 1.37e-12 -> "1.37 × 10^-10%", 1e-9
 * -> "1 × 10^-7%". (readableShare raises the exponent, for a text without markup: "1.37 × 10⁻¹⁰%".)
 */
export function percentAnySize(share: number): string {
  return percentAnySizeParts(share).text;
}

/** percentAnySize as HTML: the same text, with a power of ten's exponent as a superscript. */
export function percentAnySizeHtml(share: number): string {
  return percentAnySizeParts(share).html;
}

/** What percentAnySize and percentAnySizeHtml write: the same figure as text and as HTML. */
function percentAnySizeParts(share: number): { text: string; html: string } {
  if (!Number.isFinite(share)) throw new RangeError(`a share must be a finite number, got ${share}`);
  const size = Math.abs(share);
  let text: string;
  if (share === 0) text = "0%";
  else if (size >= 0.01) text = percentTrimmedIfExact(share, 1);
  else if (size >= allZeros) {
    const value = hundredfold(share);
    text = `${trimmedIfExact(value.toPrecision(2), value)}%`;
  } else {
    const value = hundredfold(share);
    const { mantissa, exponent } = scientific(value, 2);
    const power = powerOfTen(value, 2, { trim: Number(`${mantissa}e${exponent}`) === value });
    return { text: `${power.text}%`, html: `${power.html}%` };
  }
  return { text, html: text };
}

/**
 * An exact share (a fraction and its value as a double) as percentAnySize writes it, also where a
 * double cannot hold it: 1 / C(100,000, 256), about 10^-773, is 0 as a double (which would read
 * "0%"), so below 10^-300 the power of ten is read off the digits of denominator / numerator (its
 * mantissa's zeros dropped, by the same rule, only when the fraction is exactly that power of ten).
 */
export function percentOfFraction(share: { numerator: bigint; denominator: bigint; value: number }): string {
  return percentOfFractionParts(share).text;
}

/** What percentOfFraction writes, as text and as HTML (a power of ten's exponent as a superscript). */
function percentOfFractionParts(share: { numerator: bigint; denominator: bigint; value: number }): {
  text: string;
  html: string;
} {
  const { numerator, denominator, value } = share;
  if (denominator <= 0n || numerator < 0n)
    throw new RangeError("a share needs a numerator >= 0 over a denominator > 0");
  if (numerator === 0n || value >= 1e-300) return percentAnySizeParts(value);
  const { mantissa, exponent } = inverseScientific(denominator / numerator);
  const percentExponent = exponent + 2;
  // mantissa x 10^percentExponent % is the share exactly when 100 numerator / denominator is
  // (mantissa's digits) x 10^(percentExponent - 2): both sides multiplied out as whole numbers.
  const digits = BigInt(mantissa.replace(".", ""));
  const exact = 100n * numerator * 10n ** BigInt(2 - percentExponent) === digits * denominator;
  const power = powerOfTen({ mantissa, exponent: percentExponent }, 2, { trim: exact });
  return { text: `${power.text}%`, html: `${power.html}%` };
}

/**
 * A chance of one in `whole` (a customer dealt the very same shard: 1 / C(n, k)), as the course
 * writes it beside the shares of customers, the whole and then the share it is: "1 in 28 =
 * 3.6%", "1 in 75,287,520 = 1.33 × 10^-6%", "1 in 2.73 × 10^70 (71 digits) = 3.66 × 10^-69%".
 * The whole as wholeNumber writes it, the share as percentOfFraction (exact for any size of
 * whole), each also as HTML with its power of ten's exponent as a superscript.
 */
export function oneInWhole(whole: bigint): {
  whole: { text: string; html: string };
  share: { text: string; html: string };
  text: string;
  html: string;
} {
  if (whole <= 0n) throw new RangeError(`one in a whole needs a whole of 1 or more, got ${whole}`);
  const parts = {
    whole: { text: wholeNumber(whole), html: wholeNumberHtml(whole) },
    share: percentOfFractionParts({ numerator: 1n, denominator: whole, value: 1 / Number(whole) }),
  };
  return {
    ...parts,
    text: `1 in ${parts.whole.text} = ${parts.share.text}`,
    html: `1 in ${parts.whole.html} = ${parts.share.html}`,
  };
}

/** A share for people, with its odds below one half: 1/1820 -> "0.0549% (about 1 in 1,820)", 0.5 -> "50%". */
export function percentAndOneIn(share: number): string {
  const about = share > 0 && share < 0.5 ? ` (about ${oneIn(share)})` : "";
  return `${percentFigures(share, 3)}${about}`;
}

/**
 * A figure of any size for a sentence, to `figures` significant figures: grouped while it reads
 * as digits (0.0012, 2.73, 120,000), in powers of ten beyond (1 × 10^-7, 2.7 × 10^300), so a tiny
 * figure never reads as 0 and a huge one never as a wall of digits.
 */
export function readableNumber(value: number, figures: number): string {
  const size = Math.abs(value);
  if (size === 0 || (size >= 1e-3 && size < 1e9)) return rounded(value, figures);
  return powerOfTen(value, figures - 1, { trim: true }).text;
}

/** "1 in 1,820": one over the share, rounded to a whole number. */
export function oneIn(share: number): string {
  if (!(share > 0 && share <= 1)) throw new RangeError(`a share for "1 in N" must be in (0, 1], got ${share}`);
  return `1 in ${grouped(Math.round(1 / share))}`;
}

/** A multiple, with at most `digits` decimals: 2 -> "2×", 1.5 -> "1.5×", 4/3 -> "1.33×". */
export function times(value: number, digits = 2): string {
  checkDigits(digits);
  return `${Number(value.toFixed(digits)) + 0}×`;
}

/**
 * A figure per request as every page and the terminal write it (tries per request in the replay's
 * summary, on the run sheets and in `npm run sim -- retry-storm`; dependency calls per request):
 * two decimals, thousands grouped, so 4.648 -> "4.65" and exactly one -> "1.00".
 */
export function perRequest(value: number): string {
  return grouped(value, 2);
}

/** A number rounded to `digits` decimals, still a number: 0.1 + 0.2 -> 0.3, a slider's step 0.7000000000000001 -> 0.7. */
export function roundToDecimals(value: number, digits: number): number {
  checkDigits(digits);
  return Number(value.toFixed(digits));
}

/**
 * A number rounded to `figures` significant figures, still a number: (2.4664, 3) -> 2.47. The
 * double is rounded as it is stored (2.675 is a hair below the half, so (2.675, 3) -> 2.67).
 * Any count of figures a double takes (1 to 100), so a figure read from what someone typed fits.
 */
export function roundToFigures(value: number, figures: number): number {
  return Number(value.toPrecision(figures));
}

/**
 * The decimal `mantissa` × 10^`power` exactly, as the course writes a number: its whole part
 * grouped ("1,500,000" for ("1.5", 6), "0.0024" for ("2.4", -3)); where JavaScript would write an
 * exponent (below a millionth, from 10^21), the same digits as a power of ten with its exponent
 * raised ("5 × 10²³", "1.25 × 10⁻⁷"), as plainFigures writes one, but with none of its rounding.
 */
export function exactFigure(mantissa: string, power: number): string {
  const [whole = "", fraction = ""] = mantissa.split(".");
  const allDigits = whole + fraction;
  const lead = allDigits.search(/[1-9]/);
  if (lead < 0) return "0";
  const digits = allDigits.slice(lead).replace(/0+$/, "");
  // The first significant digit's power of ten.
  const top = whole.length - 1 - lead + power;
  if (top >= 21 || top < -6) {
    const figures = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return raisedPowers(`${figures} × 10^${top}`);
  }
  // The digits from the larger of 10^top and 10^0 down to the last significant one.
  const last = top - digits.length + 1;
  let text = "";
  for (let p = Math.max(top, 0); p >= Math.min(last, 0); p--) {
    if (p === -1) text += ".";
    text += p <= top && p >= last ? digits[top - p]! : "0";
  }
  const [wholePart, fractionPart] = text.split(".");
  const groupedWhole = groupedDigits(wholePart!);
  return fractionPart === undefined ? groupedWhole : `${groupedWhole}.${fractionPart}`;
}

/**
 * A value to `figures` significant figures as JavaScript writes a number, not grouped, trailing
 * zeros dropped: (1/3, 3) -> "0.333", (1500, 3) -> "1500"; but where JavaScript would write an
 * exponent (below a millionth, from 10^21), a power of ten with its exponent raised, as the
 * grader writes one (raisedPowers): (1.23456e-7, 2) -> "1.2 × 10⁻⁷", never "1.2e-7". For a
 * figure someone may type back (a grader's message: the answer box reads both forms).
 */
export function plainFigures(value: number, figures: number): string {
  const text = String(roundToFigures(value, figures));
  const [mantissa, exponent] = text.split("e");
  if (exponent === undefined) return text;
  return raisedPowers(powerOfTen({ mantissa: mantissa!, exponent: Number(exponent) }).text);
}

/**
 * Exactly `digits` decimals, not grouped and not trimmed: (1234.56, 1) -> "1234.6", (2, 2) ->
 * "2.00". For a measurement in a log line, a terminal table whose columns line up, or a data
 * attribute a test reads; a figure in a sentence is grouped (`grouped(value, digits)`).
 */
export function fixed(value: number, digits: number): string {
  checkDigits(digits);
  return value.toFixed(digits);
}

/** A number in few characters, for an axis tick that fits a phone: 20000 -> "20k", 3.45e6 -> "3.5M", 0.125 -> "0.13" (trailing zeros dropped). */
export function compactNumber(n: number): string {
  const size = Math.abs(n);
  if (size >= 1e6) return `${roundToDecimals(n / 1e6, 1)}M`;
  if (size >= 1e3) return `${roundToDecimals(n / 1e3, 1)}k`;
  return `${roundToDecimals(n, 2)}`;
}

/** An SVG coordinate (a path's point, an attribute), for the browser: one decimal, 12.345 -> "12.3". */
export function svgCoordinate(n: number): string {
  return fixed(n, 1);
}

/**
 * A share as a CSS percentage length, for the browser (a bar's width, a marker's left): (0.5, 1)
 * -> "50.0%". The product with 100 is used as it is (no hundredfold): a style is not read. With
 * `trim`, rounded to at most `digits` decimals and trailing zeros dropped: (0.5, 2) -> "50%",
 * (1/3, 2) -> "33.33%".
 */
export function cssPercent(share: number, digits: number, { trim = false } = {}): string {
  if (!trim) return `${fixed(share * 100, digits)}%`;
  checkDigits(digits);
  return `${Math.round(share * 10 ** (digits + 2)) / 10 ** digits}%`;
}

export interface Scientific {
  /** "1.33" */
  mantissa: string;
  /** -8 */
  exponent: number;
  /** "1.33e-8" */
  text: string;
}

/** 1.328e-8 -> { mantissa: "1.33", exponent: -8, text: "1.33e-8" }. */
export function scientific(value: number, digits = 2): Scientific {
  checkDigits(digits);
  if (!Number.isFinite(value)) throw new RangeError(`scientific notation needs a finite number, got ${value}`);
  const [mantissa, exponent] = value.toExponential(digits).split("e") as [string, string];
  return { mantissa, exponent: Number(exponent), text: `${mantissa}e${Number(exponent)}` };
}

/**
 * 1 / value in scientific notation, read off the decimal digits of the bigint, so it stays right
 * for numbers far beyond a double (C(2048, 4) and larger): 1820n -> 5.49e-4.
 */
export function inverseScientific(value: bigint, digits = 2): Scientific {
  checkDigits(digits);
  if (value <= 0n) throw new RangeError("value must be positive");
  const text = value.toString();
  const leading = Number(`${text[0]}.${text.slice(1, 17) || "0"}`);
  let mantissa = 1 / leading;
  let exponent = 1 - text.length;
  if (mantissa < 1) {
    mantissa *= 10;
    exponent -= 1;
  }
  let rounded = mantissa.toFixed(digits);
  if (Number(rounded) >= 10) {
    rounded = (mantissa / 10).toFixed(digits);
    exponent += 1;
  }
  return { mantissa: rounded, exponent, text: `${rounded}e${exponent}` };
}

export interface PowerOfTen {
  /** "1.37" */
  mantissa: string;
  /** "-10" */
  exponent: string;
  /** "1.37 × 10^-10", for plain text (an aria-label, a sentence); a terminal raises it (raisedPowers) */
  text: string;
  /** "1.37 × 10<sup>-10</sup>", for a page: the exponent set as a superscript */
  html: string;
}

/**
 * A number as a mantissa times a power of ten, for reading: 1.37e-10 -> "1.37 × 10^-10" (and
 * its `html`). The mantissa has `digits` decimals (`trim` drops trailing zeros: "1 × 10^-7", not
 * "1.00 × 10^-7"). A bigint is read off its decimal digits, so it stays exact far beyond a
 * double (2.88 × 10^772). A figure already split ({ mantissa, exponent }, as inverseScientific
 * gives 1 / n) is written as it is.
 */
export function powerOfTen(
  value: number | bigint | { mantissa: string; exponent: number | string },
  digits = 2,
  { trim = false } = {},
): PowerOfTen {
  checkDigits(digits);
  let mantissa: string;
  let exponent: number | string;
  if (typeof value === "number") ({ mantissa, exponent } = scientific(value, digits));
  else if (typeof value === "bigint") {
    const text = (value < 0n ? -value : value).toString();
    let size = Number(`${text[0]}.${text.slice(1, 17) || "0"}`).toFixed(digits);
    exponent = text.length - 1;
    if (Number(size) >= 10) {
      size = (Number(size) / 10).toFixed(digits);
      exponent += 1;
    }
    mantissa = `${value < 0n ? "-" : ""}${size}`;
  } else ({ mantissa, exponent } = value);
  if (trim) mantissa = String(Number(mantissa));
  const e = String(exponent);
  return { mantissa, exponent: e, text: `${mantissa} × 10^${e}`, html: `${mantissa} × 10<sup>${e}</sup>` };
}

/**
 * A text's powers of ten, as powerOfTen's `text` writes them ("× 10^-10"), with their exponents in
 * Unicode's superscripts (src/format/scripts.ts, the minus U+2212), as the terminal writes a
 * formula's (markdown-text.ts: 2⁵³) and the answer parser reads a typed 10⁻⁴: "1.37 × 10^-10%" ->
 * "1.37 × 10⁻¹⁰%", "2.87 × 10^772 (773 digits)" -> "2.87 × 10⁷⁷² (773 digits)". The page sets the
 * same exponents in <sup> (`html`); a terminal has no markup, but it has these characters.
 */
export function raisedPowers(text: string): string {
  return text.replace(/ × 10\^(-?\d+)/g, (_, exponent: string) => {
    const raised = [...exponent.replace("-", "−")].map((c) => superscripts[c]).join("");
    return ` × 10${raised}`;
  });
}

/**
 * A text's powers of ten as a screen reader should say them: powerOfTen's plain text, "2.73 ×
 * 10^70", is read "2.73 times 10 caret 70", and the page's superscript, 10<sup>70</sup>, "10 70".
 * For a live region's sentence: "2.73 × 10 to the power of 70", "1.33 × 10 to the power of minus 6%".
 * An exponent already raised (raisedPowers' "1.33 × 10⁻⁶%", a typed "10⁻⁴") is said the same way.
 */
export function spokenPowers(text: string): string {
  return text
    .replace(
      / × 10\^(-?)(\d+)/g,
      (_, minus: string, exponent: string) => ` × 10 to the power of ${minus ? "minus " : ""}${exponent}`,
    )
    .replace(
      raisedPower,
      (_, figures: string | undefined, raised: string) => `${figures ?? ""}${spokenRaised(raised)}`,
    );
}

/** The plain digit or sign each of raisedPowers' superscripts stands for ("⁻" is "-"). */
const plainOfRaised = new Map(
  Object.entries(superscripts)
    .filter(([plain]) => /^[0-9−+]$/.test(plain))
    .map(([plain, raised]) => [raised, plain === "−" ? "-" : plain]),
);

/**
 * A power of ten with its exponent raised, as raisedPowers and the answer box write one: its
 * figures and their "×" if any ("1.235 × ", group 1), and the raised exponent ("⁻⁵", group 2).
 * The figures are those of a number as the course writes one (grouped, a sign, a point).
 */
const raisedPower = /(?<![\d.,])(-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)? × )?10([⁺⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)/g;

/** "10" and a raised exponent, in words: "⁻⁵" -> "10 to the power of minus 5". */
function spokenRaised(raised: string): string {
  const exponent = [...raised].map((c) => plainOfRaised.get(c)).join("");
  return `10 to the power of ${exponent.replace(/^-/, "minus ").replace(/^\+/, "")}`;
}

/** A figure in a power of ten as the page shows it and as a screen reader should say it (figuresToSay). */
export interface SpokenFigure {
  /** "1.235 × 10⁻⁵", its spaces no-break ones, so it stays on one line */
  shown: string;
  /** "1.235 × 10 to the power of minus 5" */
  spoken: string;
}

/**
 * A sentence split for a live region: its plain text, and each power of ten with a raised
 * exponent ("1.235 × 10⁻⁵", raisedPowers) as it is shown, kept on one line (no-break spaces
 * around its "×", unbrokenFigures), and as it is said (spokenPowers). A screen reader reads "10⁻⁵" as "10",
 * "10 5" or "10 superscript minus 5" depending on which one; a page shows the visual copy to the
 * eye and the spoken one to the ear. "Right: 1 in 75,287,520 = 1.33 × 10⁻⁶%." -> ["Right: 1
 * in 75,287,520 = ", { shown: "1.33 × 10⁻⁶", spoken: "1.33 × 10 to the power of minus 6" }, "%."].
 */
export function figuresToSay(text: string): (string | SpokenFigure)[] {
  const pieces: (string | SpokenFigure)[] = [];
  let at = 0;
  for (const match of text.matchAll(raisedPower)) {
    if (match.index > at) pieces.push(text.slice(at, match.index));
    pieces.push({ shown: unbrokenFigures(match[0]), spoken: spokenPowers(match[0]) });
    at = match.index + match[0].length;
  }
  if (at < text.length) pieces.push(text.slice(at));
  return pieces;
}

/**
 * A whole number of any size, for reading: grouped while it has at most `maxDigits` digits
 * (730,862,190,080), then as "2.87 × 10^772 (773 digits)" rather than a wall of digits.
 */
export function wholeNumber(value: bigint, maxDigits = 30): string {
  const digits = (value < 0n ? -value : value).toString().length;
  if (digits <= maxDigits) return grouped(value);
  return `${powerOfTen(value).text} (${grouped(digits)} digits)`;
}

/** wholeNumber as HTML: the same text, with a power of ten's exponent as a superscript ("2.73 × 10<sup>70</sup> (71 digits)"). */
export function wholeNumberHtml(value: bigint, maxDigits = 30): string {
  const digits = (value < 0n ? -value : value).toString().length;
  if (digits <= maxDigits) return grouped(value);
  return `${powerOfTen(value).html} (${grouped(digits)} digits)`;
}

/**
 * A latency in milliseconds, as a dashboard shows it: whole milliseconds below a second, then
 * seconds to one decimal with a trailing zero dropped: 420.4 -> "420 ms", 2500 -> "2.5 s",
 * 2000 -> "2 s".
 */
export function latency(ms: number): string {
  if (!(ms >= 0) || !Number.isFinite(ms)) throw new RangeError(`a latency must be a finite number >= 0, got ${ms}`);
  // 999.6 ms reads "1 s", not "1000 ms".
  return Math.round(ms) >= 1000 ? `${Number((ms / 1000).toFixed(1))} s` : `${Math.round(ms)} ms`;
}

/** A duration in whole seconds as minutes and seconds: 656 -> "10 min 56 s", 600 -> "10 min", 42 -> "42 s". */
export function minutesAndSeconds(seconds: number): string {
  if (!(seconds >= 0) || !Number.isFinite(seconds))
    throw new RangeError(`a duration must be a finite number >= 0, got ${seconds}`);
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  if (minutes === 0) return `${rest} s`;
  // A whole number of minutes reads as one: "10 min", never "10 min 0 s".
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/**
 * Whole seconds as a clock shows them, minutes then two-digit seconds: 545 -> "9:05", 60 ->
 * "1:00", 3600 -> "60:00" (no hours: the course's clocks run for minutes). The caller rounds, as
 * only it knows which way is honest: up for a countdown (0:00 only when time is up), down for
 * time spent (never shown longer than it was).
 */
export function clockTime(seconds: number): string {
  if (!Number.isInteger(seconds) || seconds < 0)
    throw new RangeError(`a clock shows a whole number of seconds >= 0, got ${seconds}`);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * Times measured in milliseconds, one after the other, as whole seconds that add up: `total` is
 * the whole seconds of all of them (rounded down), and each part is the whole seconds from the
 * start to its end less those to its start. Rounding each part alone does not add up (1.4 s, 0.3
 * s, 1.2 s and 0.5 s round up to 2 + 1 + 2 + 1 = 6 s of a 4 s whole, and round down to 2 of 3);
 * this way each part is within a second of its own time and the parts sum to the total shown.
 */
export function wholeSecondsThatAddUp(ms: readonly number[]): { parts: number[]; total: number } {
  const parts: number[] = [];
  let elapsed = 0;
  let shown = 0;
  for (const part of ms) {
    if (!(part >= 0) || !Number.isFinite(part))
      throw new RangeError(`a measured time must be a finite number >= 0, got ${part}`);
    elapsed += part;
    const upToHere = Math.floor(elapsed / 1000);
    parts.push(upToHere - shown);
    shown = upToHere;
  }
  return { parts, total: shown };
}

/**
 * A moment or a length in seconds for a sentence: to a tenth of a second below two minutes,
 * trailing zero dropped (12.34 -> "12.3 s", 45 -> "45 s"), then minutesAndSeconds (656 -> "10 min 56 s").
 */
export function secondsOrMinutes(seconds: number): string {
  return seconds >= 120 ? minutesAndSeconds(seconds) : `${Math.round(seconds * 10) / 10} s`;
}

/**
 * A time measured in milliseconds, as seconds with exactly `digits` decimals, as a progress line
 * or a log shows it: (1234, 1) -> "1.2 s", (1000, 2) -> "1.00 s".
 */
export function elapsedSeconds(ms: number, digits: number): string {
  return `${fixed(ms / 1000, digits)} s`;
}

/**
 * A timer's reading in milliseconds as Node's console.timeLog and console.timeEnd write it (the
 * playground's console mimics them): three decimals and "ms" with no space, 1.2346 -> "1.235ms".
 */
export function timerMillis(ms: number): string {
  return `${fixed(ms, 3)}ms`;
}

/** Made on first use: a command that counts nothing never loads Intl's locale data. */
let countFormat: Intl.NumberFormat | undefined;

/**
 * A count with its noun, singular for exactly one: (1, "chapter") -> "1 chapter", (15, "chapter")
 * -> "15 chapters", (2048, "worker") -> "2,048 workers". A noun whose plural is not noun + "s"
 * names it: (2, "try", "tries") -> "2 tries". The number is thousands grouped and otherwise as
 * given (an average keeps its decimals: (1.5, "try", "tries") -> "1.5 tries").
 */
export function countOf(n: number, noun: string, plural = `${noun}s`): string {
  return `${asGiven(n)} ${nounFor(n, noun, plural)}`;
}

/**
 * The noun countOf writes after `n`, without the number: singular for exactly one, for a sentence
 * that names the things instead of counting them: (1, "cell") -> "cell", as in "deploy cell 0";
 * (2, "cell") -> "cells", as in "deploy cells 1, 2".
 */
export function nounFor(n: number, noun: string, plural = `${noun}s`): string {
  return n === 1 ? noun : plural;
}

/**
 * A number exactly as given, thousands grouped: 5000 -> "5,000", 0.05 -> "0.05", 1500.25 ->
 * "1,500.25". What an exercise's prompt shows for a parameter a variant dealt.
 */
export function asGiven(n: number): string {
  // Adding 0 turns -0 into 0.
  countFormat ??= new Intl.NumberFormat("en-US", { maximumFractionDigits: 20 });
  return countFormat.format(n + 0);
}

/**
 * A duration in whole seconds in words, for a sentence: 660 -> "11 minutes", 656 -> "10 minutes
 * 56 seconds", 61 -> "1 minute 1 second", 2 -> "2 seconds". A zero part is left out.
 */
export function duration(seconds: number): string {
  if (!(seconds >= 0) || !Number.isFinite(seconds))
    throw new RangeError(`a duration must be a finite number >= 0, got ${seconds}`);
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  if (minutes === 0) return countOf(rest, "second");
  return rest === 0 ? countOf(minutes, "minute") : `${countOf(minutes, "minute")} ${countOf(rest, "second")}`;
}
