import { describe, expect, test } from "vitest";
import {
  clockTime,
  compactNumber,
  countOf,
  cssPercent,
  duration,
  elapsedSeconds,
  figuresToSay,
  fixed,
  grouped,
  inverseScientific,
  latency,
  minutesAndSeconds,
  nounFor,
  oneIn,
  percent,
  percentagePoints,
  percentAndOneIn,
  percentAnySize,
  percentAnySizeHtml,
  percentAtLeast,
  percentAtMost,
  percentFigures,
  percentOfFraction,
  percentOfWhole,
  percentToFigures,
  percentTrimmedIfExact,
  percentUpTo,
  perRequest,
  plainFigures,
  powerOfTen,
  raisedPowers,
  readableNumber,
  readableShare,
  rounded,
  roundToDecimals,
  roundToFigures,
  scientific,
  secondsOrMinutes,
  spokenPowers,
  successPercent,
  svgCoordinate,
  timerMillis,
  times,
  wholeNumber,
  wholeSecondsThatAddUp,
} from "./number.ts";

describe("wholeNumber", () => {
  test("grouped while short, scientific with its digit count when huge", () => {
    expect(wholeNumber(730_862_190_080n)).toBe("730,862,190,080");
    expect(wholeNumber(10n ** 40n)).toBe("1.00 × 10^40 (41 digits)");
    expect(wholeNumber(2875n * 10n ** 769n)).toBe("2.88 × 10^772 (773 digits)");
    expect(wholeNumber(9999n * 10n ** 40n)).toBe("1.00 × 10^44 (44 digits)");
    expect(wholeNumber(123_456n, 3)).toBe("1.23 × 10^5 (6 digits)");
  });
});

describe("grouped", () => {
  test("whole numbers, thousands grouped, rounded", () => {
    expect(grouped(0)).toBe("0");
    expect(grouped(1820)).toBe("1,820");
    expect(grouped(1820.5)).toBe("1,821");
    expect(grouped(75_287_520)).toBe("75,287,520");
    expect(grouped(-1234)).toBe("-1,234");
  });
  test("a fixed number of decimals when asked", () => {
    expect(grouped(1.0958, 1)).toBe("1.1");
    expect(grouped(1234.5, 2)).toBe("1,234.50");
  });
  test("bigints exactly, however large", () => {
    expect(grouped(730_862_190_080n)).toBe("730,862,190,080");
    expect(grouped(10n ** 30n)).toBe("1,000,000,000,000,000,000,000,000,000,000");
    expect(grouped(999n)).toBe("999");
  });
  test("refuses nonsense digits", () => {
    expect(() => grouped(1, -1)).toThrow(RangeError);
    expect(() => grouped(1, 1.5)).toThrow(RangeError);
  });
});

describe("percentages", () => {
  test("percent keeps exactly the decimals asked for", () => {
    expect(percent(0.25)).toBe("25.0%");
    expect(percent(1 / 28)).toBe("3.6%");
    expect(percent(0.5, 0)).toBe("50%");
    expect(percent(1 / 1820, 3)).toBe("0.055%");
  });
  test("percentAtLeast and percentAtMost round toward the bound they state, and are exact where the share is", () => {
    expect(percentAtLeast(0.99494)).toBe("99.4%");
    expect(percentAtMost(0.99494)).toBe("99.5%");
    expect(percentAtMost(0.0033)).toBe("0.4%");
    expect(percentAtLeast(0.0033)).toBe("0.3%");
    expect(percentAtLeast(0.0033, 2)).toBe("0.33%");
    // Shares whose percentage a double holds a hair off (0.993 x 10 x 100 is 992.9999999999999) stay exact.
    for (const share of [0.993, 0.25, 0.07, 0.29, 1, 0]) {
      expect(percentAtLeast(share)).toBe(percentUpTo(share));
      expect(percentAtMost(share)).toBe(percentUpTo(share));
    }
    // Whatever the share, the bound holds: at least what is shown, at most what is shown.
    for (let i = 0; i < 1000; i++) {
      const share = (i * 0.7919) % 1;
      expect(share * 100).toBeGreaterThanOrEqual(Number.parseFloat(percentAtLeast(share, 2)) - 1e-9);
      expect(share * 100).toBeLessThanOrEqual(Number.parseFloat(percentAtMost(share, 2)) + 1e-9);
    }
    expect(() => percentAtLeast(0.5, -1)).toThrow(RangeError);
  });

  test("percentOfWhole writes 0% and 100% only for exactly none and exactly all", () => {
    expect(percentOfWhole(0)).toBe("0%");
    expect(percentOfWhole(1)).toBe("100%");
    expect(percentOfWhole(0.7)).toBe("70%");
    expect(percentOfWhole(1 / 28)).toBe("3.6%");
    // Weights 9,999 and 1: percentUpTo reads 100% and 0%.
    expect(percentOfWhole(0.9999)).toBe("over 99.9%");
    expect(percentOfWhole(0.0001)).toBe("under 0.1%");
    expect(percentOfWhole(0.9999, 2)).toBe("99.99%");
    expect(percentOfWhole(0.99999, 2)).toBe("over 99.99%");
    expect(percentOfWhole(0.000001, 3)).toBe("under 0.001%");
    expect(percentOfWhole(Number.MIN_VALUE)).toBe("under 0.1%");
    expect(percentOfWhole(1 - Number.EPSILON)).toBe("over 99.9%");
    // Where percentUpTo already shows neither end, the two agree.
    for (let i = 1; i < 1000; i++) {
      const share = i / 1000;
      expect(percentOfWhole(share)).toBe(percentUpTo(share));
    }
    expect(() => percentOfWhole(1.5)).toThrow(RangeError);
    expect(() => percentOfWhole(-0.1)).toThrow(RangeError);
  });

  test("percentUpTo drops trailing zeros and never shows -0", () => {
    expect(percentUpTo(0.25)).toBe("25%");
    expect(percentUpTo(1 / 28)).toBe("3.6%");
    expect(percentUpTo(0.125)).toBe("12.5%");
    expect(percentUpTo(1)).toBe("100%");
    expect(percentUpTo(-0.0001, 1)).toBe("0%");
    expect(percentUpTo(1 / 11, 1)).toBe("9.1%");
  });
  test("percentFigures keeps significant figures and drops trailing zeros", () => {
    expect(percentFigures(1 / 1820)).toBe("0.0549%");
    expect(percentFigures(0.05)).toBe("5%");
    expect(percentFigures(0.123456, 4)).toBe("12.35%");
    expect(() => percentFigures(0.5, 0)).toThrow(RangeError);
  });

  test("a share whose percentage ends in an exact half rounds up, whatever times 100 gives in floating point", () => {
    // 0.2875 x 100 is 28.749999999999996, and 29 / 200 x 100 is 14.499999999999998.
    expect(0.2875 * 100).toBeLessThan(28.75);
    expect(percent(0.2875, 1)).toBe("28.8%");
    expect(percentUpTo(23 / 80, 1)).toBe("28.8%");
    expect(percent(29 / 200, 0)).toBe("15%");
    expect(percent(201 / 400, 1)).toBe("50.3%");
    expect(percentagePoints(0.002875, 2)).toBe("0.29");
    expect(percentFigures(0.0028751)).toBe("0.288%");
    expect(percent(1 / 3, 1)).toBe("33.3%");
  });

  test("percentagePoints gives the number alone", () => {
    expect(percentagePoints(0.0042)).toBe("0.4");
    expect(percentagePoints(0.0042, 2)).toBe("0.42");
  });

  test("percentOfFraction: as percentAnySize, and exact where a double holds the share as 0", () => {
    expect(percentOfFraction({ numerator: 1n, denominator: 4n, value: 0.25 })).toBe("25%");
    expect(percentOfFraction({ numerator: 0n, denominator: 7n, value: 0 })).toBe("0%");
    expect(percentOfFraction({ numerator: 1n, denominator: 75_287_520n, value: 1 / 75_287_520 })).toBe(
      percentAnySize(1 / 75_287_520),
    );
    // 1 / (8.41 × 10^772): far below a double's smallest number, where the value reads 0.
    const huge = 841n * 10n ** 770n;
    expect(percentOfFraction({ numerator: 1n, denominator: huge, value: 0 })).toBe("1.19 × 10^-771%");
    expect(percentOfFraction({ numerator: 3n, denominator: huge, value: 0 })).toBe("3.57 × 10^-771%");
    expect(() => percentOfFraction({ numerator: 1n, denominator: 0n, value: 0 })).toThrow(RangeError);
    // The mantissa's zeros go only where the fraction is that power of ten exactly: 1 / 10^400 is 10^-398 %.
    expect(percentOfFraction({ numerator: 1n, denominator: 10n ** 400n, value: 0 })).toBe("1 × 10^-398%");
    expect(percentOfFraction({ numerator: 1n, denominator: 10n ** 400n + 1n, value: 0 })).toBe("1.00 × 10^-398%");
  });

  // QA: the shuffle-shard explorer wrote "25.0%" for fixed groups beside the chapter's "25%".
  test("percentTrimmedIfExact: a trailing zero only where the share was rounded there", () => {
    expect(percentTrimmedIfExact(0.25)).toBe("25%");
    expect(percentTrimmedIfExact(1)).toBe("100%");
    expect(percentTrimmedIfExact(0.1)).toBe("10%");
    expect(percentTrimmedIfExact(0.125)).toBe("12.5%");
    expect(percentTrimmedIfExact(0)).toBe("0%");
    // Rounded: the zero stays, so it never reads as the exact share beside it.
    expect(percentTrimmedIfExact(2500 / 9999)).toBe("25.0%");
    expect(percentTrimmedIfExact(0.2304)).toBe("23.0%");
    expect(percentTrimmedIfExact(0.99999)).toBe("100.0%");
    expect(percentTrimmedIfExact(1 / 28)).toBe("3.6%");
    // The share's decimal, not the product's last bit: 0.07 x 100 is 7.000000000000001.
    expect(percentTrimmedIfExact(0.07)).toBe("7%");
    expect(percentTrimmedIfExact(0.2875, 2)).toBe("28.75%");
    expect(percentTrimmedIfExact(0.995009990004999, 2)).toBe("99.50%");
  });

  // QA: one rule had three names (the replay's successShare, the game day's dashboardPercent, and
  // percentTrimmedIfExact(x, 1) in two chapters), and the tabletop cards wrote "54%" where the
  // dashboard wrote "54.0%"; the cache row wrote 996 hits of 1,000 "100% hits".
  test("successPercent: a success rate to one decimal, 100% only for all and 0% only for none", () => {
    // Exact shares drop the zero: every request served, none, 7 of 8, 3 of 5.
    expect([1, 0, 7 / 8, 3 / 5, 0.5].map(successPercent)).toEqual(["100%", "0%", "87.5%", "60%", "50%"]);
    // Rounded shares keep it: one request in 2,500 short of all is not all, one in 2,500 is not none.
    expect([0.9996, 1 / 2500, 0.53996, 0.10004, 0.98].map(successPercent)).toEqual([
      "100.0%",
      "0.0%",
      "54.0%",
      "10.0%",
      "98%",
    ]);
    expect([0.996, 0.79, 0.7904, 1 / 3].map(successPercent)).toEqual(["99.6%", "79%", "79.0%", "33.3%"]);
    // Never "100%" or "0%" for a share that is neither all nor none, at any count of requests.
    for (let n = 1; n <= 5000; n++)
      for (const good of [1, n - 1]) {
        const text = successPercent(good / n);
        if (good !== n && good !== 0) expect(text, `${good} of ${n}`).not.toMatch(/^(100|0)%$/);
      }
    // The figure is percentTrimmedIfExact's at one decimal, the rule it names.
    for (let i = 0; i <= 10_000; i++) expect(successPercent(i / 10_000)).toBe(percentTrimmedIfExact(i / 10_000, 1));
  });

  test("percentAnySize: always a percentage, in powers of ten once it would be all zeros", () => {
    expect(percentAnySize(0)).toBe("0%");
    expect(percentAnySize(0.25)).toBe("25%");
    expect(percentAnySize(1 / 1820)).toBe("0.055%");
    expect(percentAnySize(1 / 730_862_190_080)).toBe("1.37 × 10^-10%");
    expect(percentAnySizeHtml(1 / 730_862_190_080)).toBe("1.37 × 10<sup>-10</sup>%");
    expect(percentAnySizeHtml(0.25)).toBe("25%");
  });

  test("percentAnySize keeps a zero only where the share was rounded there, at every size", () => {
    expect(percentAnySize(1)).toBe("100%");
    expect(percentAnySize(2500 / 9999)).toBe("25.0%");
    expect(percentAnySize(1 / 2048)).toBe("0.049%");
    expect(percentAnySize(0.001)).toBe("0.1%");
    expect(percentAnySize(0.0010004)).toBe("0.10%");
    expect(percentAnySize(1e-9)).toBe("1 × 10^-7%");
    expect(percentAnySize(1.004e-9)).toBe("1.00 × 10^-7%");
    expect(percentAnySizeHtml(1e-9)).toBe("1 × 10<sup>-7</sup>%");
    expect(() => percentAnySize(Number.NaN)).toThrow(RangeError);
  });

  test("percentAndOneIn gives the odds below one half", () => {
    expect(percentAndOneIn(1 / 1820)).toBe("0.0549% (about 1 in 1,820)");
    expect(percentAndOneIn(0.5)).toBe("50%");
    expect(percentAndOneIn(0)).toBe("0%");
  });

  test("readableShare adapts to the size of the share", () => {
    expect(readableShare(0)).toBe("0%");
    expect(readableShare(1)).toBe("100%");
    expect(readableShare(0.25)).toBe("25%");
    expect(readableShare(12 / 28)).toBe("42.9%");
    expect(readableShare(1 / 1820)).toBe("0.055%");
    // percentAnySize's rule, one per concept: a trailing zero only where the share was rounded there
    // ("0.03%" and "23%" before, where the chapter's percentAnySize said "0.030%" and "23.0%").
    expect(readableShare(0.000304)).toBe("0.030%");
    expect(readableShare(0.0003)).toBe("0.03%");
    expect(readableShare(0.2304)).toBe("23.0%");
    expect(readableShare(0.001)).toBe("0.1%");
    for (const share of [1, 0.25, 0.2304, 12 / 28, 0.01, 0.0099996, 0.000304, 1 / 1820, 1e-6])
      expect(readableShare(share), String(share)).toBe(percentAnySize(share));
    expect(() => readableShare(Number.NaN)).toThrow(RangeError);
  });
  // QA: below a millionth readableShare wrote the share in JavaScript's notation, "1.37e-12", a
  // fraction where every other size was a percentage, and the only "e-" a reader could be shown.
  test("readableShare: a tiny share is a percentage in a power of ten, its exponent raised, never 'e-'", () => {
    expect(readableShare(1 / 75_287_520)).toBe("1.33 × 10⁻⁶%");
    expect(readableShare(1 / 730_862_190_080)).toBe("1.37 × 10⁻¹⁰%");
    expect(readableShare(1e-9)).toBe("1 × 10⁻⁷%");
    expect(readableShare(1.004e-9)).toBe("1.00 × 10⁻⁷%");
    expect(readableShare(-2.5e-9)).toBe("-2.5 × 10⁻⁷%");
    // percentAnySize's figure at every size, as the terminal writes it.
    for (const share of [1e-6, 9.99e-7, 1 / 75_287_520, 1e-9, 1.37e-12, 5e-324])
      expect(readableShare(share), String(share)).toBe(raisedPowers(percentAnySize(share)));
    for (const share of [9.99e-7, 1.37e-12, 5e-324]) expect(readableShare(share)).not.toMatch(/\de[-+]?\d|\^/);
  });
  test("readableNumber: digits in the readable range, powers of ten beyond, never 0 for a tiny figure", () => {
    expect(readableNumber(0.0000001, 4)).toBe("1 × 10^-7");
    expect(readableNumber(4e20, 2)).toBe("4 × 10^20");
    expect(readableNumber(0.0012, 4)).toBe("0.0012");
    expect(readableNumber(120_000, 4)).toBe("120,000");
    expect(readableNumber(0, 4)).toBe("0");
  });
  test("oneIn", () => {
    expect(oneIn(1 / 1820)).toBe("1 in 1,820");
    expect(oneIn(0.25)).toBe("1 in 4");
    expect(() => oneIn(0)).toThrow(RangeError);
  });
});

describe("multiples and scientific notation", () => {
  test("times", () => {
    expect(times(2)).toBe("2×");
    expect(times(1.5)).toBe("1.5×");
    expect(times(4 / 3)).toBe("1.33×");
    expect(times(4 / 3, 1)).toBe("1.3×");
  });
  test("scientific", () => {
    expect(scientific(1 / 75_287_520)).toEqual({ mantissa: "1.33", exponent: -8, text: "1.33e-8" });
    expect(scientific(12345, 1).text).toBe("1.2e4");
  });
  test("powerOfTen: a mantissa and an exponent, written for reading", () => {
    expect(powerOfTen(1 / 730_862_190_080)).toEqual({
      mantissa: "1.37",
      exponent: "-12",
      text: "1.37 × 10^-12",
      html: "1.37 × 10<sup>-12</sup>",
    });
    expect(powerOfTen(-2.5e20, 1).text).toBe("-2.5 × 10^20");
    // trim drops trailing zeros, as readableNumber writes significant figures.
    expect(powerOfTen(1e-7, 3, { trim: true }).text).toBe("1 × 10^-7");
    expect(powerOfTen(2.7e300, 2, { trim: true }).text).toBe("2.7 × 10^300");
    // A bigint is read off its digits: exact past a double, rounding up to the next power.
    expect(powerOfTen(2875n * 10n ** 769n).text).toBe("2.88 × 10^772");
    expect(powerOfTen(-9999n * 10n ** 40n).text).toBe("-1.00 × 10^44");
    expect(powerOfTen(7n).text).toBe("7.00 × 10^0");
    // An agreed bigint and double write the same.
    expect(powerOfTen(730_862_190_080n)).toEqual(powerOfTen(730_862_190_080));
    // A figure already split (1 / n of a bigint) is written as it is.
    expect(powerOfTen(inverseScientific(10n ** 400n * 3n)).html).toBe("3.33 × 10<sup>-401</sup>");
    expect(() => powerOfTen(Number.NaN)).toThrow(RangeError);
  });
  test("raisedPowers: a terminal's powers of ten, exponents in superscripts, the rest as written", () => {
    expect(raisedPowers(powerOfTen(1 / 730_862_190_080).text)).toBe("1.37 × 10⁻¹²");
    expect(raisedPowers(percentAnySize(1 / 730_862_190_080))).toBe("1.37 × 10⁻¹⁰%");
    expect(raisedPowers(wholeNumber(2875n * 10n ** 769n))).toBe("2.88 × 10⁷⁷² (773 digits)");
    // Every power in a line; the minus is U+2212's superscript, as markdown-text writes 10⁻⁴.
    expect(raisedPowers("1 in 28 = 3.57 × 10^-2, or 7.00 × 10^0")).toBe("1 in 28 = 3.57 × 10⁻², or 7.00 × 10⁰");
    // Only a power written by powerOfTen: a caret elsewhere (2^53 in prose, x^2) is left alone.
    expect(raisedPowers("2^53 and 10^3 and 25.0%")).toBe("2^53 and 10^3 and 25.0%");
  });
  test("spokenPowers: a screen reader's powers of ten in words, the rest as written", () => {
    expect(spokenPowers("1.33 × 10^-6%, 2.73 × 10^70 and 28")).toBe(
      "1.33 × 10 to the power of minus 6%, 2.73 × 10 to the power of 70 and 28",
    );
    expect(spokenPowers(wholeNumber(2875n * 10n ** 769n))).toBe("2.88 × 10 to the power of 772 (773 digits)");
    expect(spokenPowers("2^53 and 25%")).toBe("2^53 and 25%");
  });
  test("percentToFigures: significant figures, a zero dropped only where the share is exact", () => {
    expect(percentToFigures(1 / 28, 3)).toBe("3.57%");
    expect(percentToFigures(1 / 28, 2)).toBe("3.6%");
    expect(percentToFigures(1 / 4, 4)).toBe("25%");
    // Rounded up to a power of ten: its zeros are figures (percentFigures says "0.01%", one figure).
    expect(percentToFigures(0.000099995, 3)).toBe("0.0100%");
    expect(percentFigures(0.000099995, 3)).toBe("0.01%");
    // In powers of ten where the page writes the share so.
    const tiny = 1 / 75_287_520;
    expect(percentToFigures(tiny, 5, percentAnySize(tiny))).toBe("1.3282 × 10^-6%");
  });
  test("perRequest: two decimals, grouped, however round the figure", () => {
    expect(perRequest(4.648)).toBe("4.65");
    expect(perRequest(1)).toBe("1.00");
    expect(perRequest(1234.5)).toBe("1,234.50");
  });
  test("inverseScientific agrees with the floating-point inverse where both work", () => {
    for (const n of [1n, 4n, 28n, 1820n, 75_287_520n, 730_862_190_080n]) {
      const exact = inverseScientific(n);
      const float = scientific(1 / Number(n));
      expect(exact).toEqual(float);
    }
  });
  test("inverseScientific stays exact past a double", () => {
    const huge = 10n ** 400n * 3n;
    expect(inverseScientific(huge)).toEqual({ mantissa: "3.33", exponent: -401, text: "3.33e-401" });
    expect(inverseScientific(999n)).toEqual({ mantissa: "1.00", exponent: -3, text: "1.00e-3" });
    expect(() => inverseScientific(0n)).toThrow(RangeError);
  });
});

test("latency: milliseconds below a second, then seconds to one decimal", () => {
  expect([0, 420.4, 999.4, 999.6, 1000, 1149, 2500, 2000, 61_000].map(latency)).toEqual([
    "0 ms",
    "420 ms",
    "999 ms",
    "1 s",
    "1 s",
    "1.1 s",
    "2.5 s",
    "2 s",
    "61 s",
  ]);
  expect(() => latency(-1)).toThrow(RangeError);
});

test("minutesAndSeconds", () => {
  expect(minutesAndSeconds(656)).toBe("10 min 56 s");
  expect(minutesAndSeconds(42)).toBe("42 s");
  // Whole minutes read as minutes: "The game lasts 10 min", "at 1 min", not "10 min 0 s".
  expect(minutesAndSeconds(59.6)).toBe("1 min");
  expect(minutesAndSeconds(600)).toBe("10 min");
  expect(minutesAndSeconds(601)).toBe("10 min 1 s");
  expect(minutesAndSeconds(0)).toBe("0 s");
  expect(() => minutesAndSeconds(-1)).toThrow(RangeError);
});

test("clockTime: whole seconds as a clock shows them; the caller picks the rounding", () => {
  expect(clockTime(545)).toBe("9:05");
  expect(clockTime(60)).toBe("1:00");
  expect(clockTime(0)).toBe("0:00");
  expect(clockTime(3600)).toBe("60:00");
  expect(() => clockTime(1.5)).toThrow(RangeError);
  expect(() => clockTime(-1)).toThrow(RangeError);
});

test("wholeSecondsThatAddUp: measured parts in whole seconds whose sum is the whole shown", () => {
  // Rounded one by one these are 2 + 1 + 2 + 1 (up) or 1 + 0 + 1 + 0 (down), of a whole of 3.4 s.
  expect(wholeSecondsThatAddUp([1400, 300, 1200, 500])).toEqual({ parts: [1, 0, 1, 1], total: 3 });
  expect(wholeSecondsThatAddUp([300_000, 0, 400_000])).toEqual({ parts: [300, 0, 400], total: 700 });
  expect(wholeSecondsThatAddUp([999])).toEqual({ parts: [0], total: 0 });
  expect(wholeSecondsThatAddUp([])).toEqual({ parts: [], total: 0 });
  expect(() => wholeSecondsThatAddUp([Number.NaN])).toThrow(RangeError);
  expect(() => wholeSecondsThatAddUp([-1])).toThrow(RangeError);
});

test("a count with its noun", () => {
  expect(countOf(1, "chapter")).toBe("1 chapter");
  expect(countOf(0, "chapter")).toBe("0 chapters");
  expect(countOf(15, "chapter")).toBe("15 chapters");
  // Thousands grouped, as every number for reading; decimals kept as given.
  expect(countOf(2048, "worker")).toBe("2,048 workers");
  expect(countOf(1.5, "try", "tries")).toBe("1.5 tries");
  expect(countOf(2.347, "try", "tries")).toBe("2.347 tries");
  // A plural that is not noun + "s" is named; one is still singular.
  expect(countOf(1, "try", "tries")).toBe("1 try");
  expect(countOf(3, "entry", "entries")).toBe("3 entries");
  expect(countOf(-0, "step")).toBe("0 steps");
});

test("the noun of a count alone, for a sentence that names the things", () => {
  expect(nounFor(1, "cell")).toBe("cell");
  expect(nounFor(0, "cell")).toBe("cells");
  expect(nounFor(4, "cell")).toBe("cells");
  expect(nounFor(1, "entry", "entries")).toBe("entry");
  expect(nounFor(2, "entry", "entries")).toBe("entries");
});

test("duration, in words", () => {
  expect(duration(660)).toBe("11 minutes");
  expect(duration(656)).toBe("10 minutes 56 seconds");
  expect(duration(61)).toBe("1 minute 1 second");
  expect(duration(2)).toBe("2 seconds");
  expect(duration(0)).toBe("0 seconds");
  expect(duration(59.6)).toBe("1 minute");
  expect(() => duration(Number.NaN)).toThrow(RangeError);
});

describe("rounded", () => {
  test("keeps the significant figures asked for, grouped, without an exponent", () => {
    expect(rounded(0.99375)).toBe("0.99");
    expect(rounded(15.78)).toBe("16");
    expect(rounded(24_000)).toBe("24,000");
    expect(rounded(0.0000822)).toBe("0.000082");
    expect(rounded(2.4664, 3)).toBe("2.47");
    expect(rounded(-0.0000001)).toBe("-0.0000001");
    expect(rounded(0)).toBe("0");
  });
  test("refuses what it cannot round", () => {
    expect(() => rounded(Number.NaN)).toThrow(RangeError);
    expect(() => rounded(1, 0)).toThrow(RangeError);
  });
});

/**
 * The functions that took over the toFixed and toPrecision calls outside src/format: each writes
 * what the expression it replaced wrote, byte for byte (the expressions are computed here, beside
 * literal strings read off the old code).
 */
describe("rounding moved into src/format writes what the old expressions wrote", () => {
  // Zero, a negative zero, halves that binary stores a hair off, negatives, large values.
  const values = [
    0,
    -0,
    0.05,
    0.125,
    0.25,
    1.005,
    2.675,
    -1.005,
    -3.75,
    12.345,
    999.995,
    1234.5678,
    1e6 + 0.05,
    -2.5e6,
  ];

  test("fixed: exactly the decimals asked, not grouped", () => {
    for (const v of values) for (const d of [0, 1, 2, 3]) expect(fixed(v, d)).toBe(v.toFixed(d));
    expect(fixed(1234.56, 1)).toBe("1234.6");
    expect(fixed(2, 2)).toBe("2.00");
    expect(fixed(-0.04, 1)).toBe("-0.0");
    expect(fixed(1.005, 2)).toBe("1.00");
    expect(() => fixed(1, -1)).toThrow(RangeError);
    expect(() => fixed(1, 1.5)).toThrow(RangeError);
  });

  test("svgCoordinate: one decimal", () => {
    for (const v of values) expect(svgCoordinate(v)).toBe(v.toFixed(1));
    expect([0, -0, 12.345, 0.05, 0.25, -3.75, 1e6 + 0.05].map(svgCoordinate)).toEqual([
      "0.0",
      "0.0",
      "12.3",
      "0.1",
      "0.3",
      "-3.8",
      "1000000.1",
    ]);
  });

  test("cssPercent: the share times 100 to fixed decimals, or trimmed as the pool-fill's width was", () => {
    const shares = [0, 0.5, 1 / 3, 0.0125, 0.12345, 1, 0.006, 1.5, -0.25, 2 / 7, 0.000049, 0.00005];
    for (const s of shares) {
      // headroom, cells and cell-size: one decimal; the shuffle explorer's bars: two.
      expect(cssPercent(s, 1)).toBe(`${(s * 100).toFixed(1)}%`);
      expect(cssPercent(s, 2)).toBe(`${(s * 100).toFixed(2)}%`);
      // pool-fill: at most two decimals, trailing zeros dropped.
      expect(cssPercent(s, 2, { trim: true })).toBe(`${Math.round(s * 10000) / 100}%`);
    }
    expect(cssPercent(0.5, 1)).toBe("50.0%");
    expect(cssPercent(0.006, 2)).toBe("0.60%");
    expect(cssPercent(0, 1)).toBe("0.0%");
    expect(cssPercent(0.5, 2, { trim: true })).toBe("50%");
    expect(cssPercent(1 / 3, 2, { trim: true })).toBe("33.33%");
    expect(cssPercent(0.0125, 1, { trim: true })).toBe("1.3%");
    expect(() => cssPercent(0.5, -1, { trim: true })).toThrow(RangeError);
  });

  test("compactNumber: the replay's axis ticks", () => {
    const old = (n: number) => {
      const abs = Math.abs(n);
      if (abs >= 1e6) return `${+(n / 1e6).toFixed(1)}M`;
      if (abs >= 1e3) return `${+(n / 1e3).toFixed(1)}k`;
      return `${+n.toFixed(2)}`;
    };
    const ticks = [0, -0, 0.5, 0.125, 0.005, -0.001, 999, 999.994, 999.995, 1000, 1049, 1050, 1051, 1949, 20_000];
    const large = [999_949, 999_950, 1e6, 1_049_999, 1_050_000, 3.45e6, -1500, -2.5e6, 1e9];
    for (const n of [...ticks, ...large]) expect(compactNumber(n)).toBe(old(n));
    expect(ticks.map(compactNumber)).toEqual([
      "0",
      "0",
      "0.5",
      "0.13",
      "0.01",
      "0",
      "999",
      "999.99",
      "1000",
      "1k",
      "1k",
      "1.1k",
      "1.1k",
      "1.9k",
      "20k",
    ]);
    expect(large.map(compactNumber)).toEqual([
      "999.9k",
      "1000k",
      "1M",
      "1M",
      "1.1M",
      "3.5M",
      "-1.5k",
      "-2.5M",
      "1000M",
    ]);
  });

  test("elapsedSeconds: the playground's run times, the bench's", () => {
    const ms = [0, 999, 1000, 1234, 1250, 1255, 61_000];
    for (const m of ms) for (const d of [1, 2]) expect(elapsedSeconds(m, d)).toBe(`${(m / 1000).toFixed(d)} s`);
    expect(ms.map((m) => elapsedSeconds(m, 1))).toEqual([
      "0.0 s",
      "1.0 s",
      "1.0 s",
      "1.2 s",
      "1.3 s",
      "1.3 s",
      "61.0 s",
    ]);
    expect(ms.map((m) => elapsedSeconds(m, 2))).toEqual([
      "0.00 s",
      "1.00 s",
      "1.00 s",
      "1.23 s",
      "1.25 s",
      "1.25 s",
      "61.00 s",
    ]);
  });

  test("timerMillis: as Node's console.timeEnd writes a time", () => {
    const ms = [0, 1.2346, 1.0005, 1234.5678];
    for (const m of ms) expect(timerMillis(m)).toBe(`${m.toFixed(3)}ms`);
    expect(ms.map(timerMillis)).toEqual(["0.000ms", "1.235ms", "1.000ms", "1234.568ms"]);
  });

  test("secondsOrMinutes: the replay's moments", () => {
    const old = (s: number) => (s >= 120 ? minutesAndSeconds(s) : `${Math.round(s * 10) / 10} s`);
    const seconds = [0, 0.05, 0.25, 12.34, 45, 119.94, 119.96, 120, 656, 660];
    for (const s of seconds) expect(secondsOrMinutes(s)).toBe(old(s));
    expect(seconds.map(secondsOrMinutes)).toEqual([
      "0 s",
      "0.1 s",
      "0.3 s",
      "12.3 s",
      "45 s",
      "119.9 s",
      "120 s",
      "2 min",
      "10 min 56 s",
      "11 min",
    ]);
  });

  test("plainFigures and roundToFigures: significant figures as JavaScript writes a number, but for its exponent", () => {
    const cases: [number, number][] = [
      [1 / 3, 3],
      [1500, 3],
      [1.23456e-7, 2],
      [0, 3],
      [-2.5, 1],
      [2.675, 3],
      [123_456_789_012_345, 12],
      [1e21, 3],
      [0.1 + 0.2, 6],
    ];
    for (const [v, f] of cases) {
      expect(roundToFigures(v, f)).toBe(Number(v.toPrecision(f)));
      const javaScript = String(Number(v.toPrecision(f)));
      if (!javaScript.includes("e")) expect(plainFigures(v, f)).toBe(javaScript);
    }
    expect(cases.map(([v, f]) => plainFigures(v, f))).toEqual([
      "0.333",
      "1500",
      "1.2 × 10⁻⁷",
      "0",
      "-3",
      "2.67",
      "123456789012000",
      "1 × 10²¹",
      "0.3",
    ]);
    // QA: a grader's message echoed JavaScript's exponent ("sqrt(...) needs a number of 0 or more,
    // got -1e-7"); where JavaScript writes one, the power of ten is raised, as the grader writes a share's.
    expect(plainFigures(-1e-7, 6)).toBe("-1 × 10⁻⁷");
    expect(plainFigures(1e-6, 6)).toBe("0.000001");
    expect(plainFigures(-1.23456789e25, 6)).toBe("-1.23457 × 10²⁵");
    expect(plainFigures(5e-324, 6)).toBe("5 × 10⁻³²⁴");
    for (const v of [1.23456e-7, 1e21, -1e-7, 9.87654321e-300, 1.7976931348623157e308])
      expect(plainFigures(v, 6), String(v)).not.toMatch(/\de[-+]?\d|\^/);
    // As many figures as a double takes: a grader reads them off what someone typed.
    expect(roundToFigures(1 / 3, 30)).toBe(1 / 3);
    expect(() => roundToFigures(1, 0)).toThrow(RangeError);
  });

  test("roundToDecimals: a number snapped to decimals, still a number", () => {
    for (const v of [...values, 0.1 + 0.2, 0.7000000000000001, 0.5 + 7 * 0.05])
      expect(roundToDecimals(v, 2)).toBe(Number(v.toFixed(2)));
    expect(
      [0.1 + 0.2, 0.7000000000000001, -1.005, 1.005, 2.675, 0.5 + 7 * 0.05].map((v) => roundToDecimals(v, 2)),
    ).toEqual([0.3, 0.7, -1, 1, 2.67, 0.85]);
    expect(() => roundToDecimals(1, -1)).toThrow(RangeError);
  });

  test("percentagePoints writes the shuffle explorer's gap and noise as the product with 100 did", () => {
    // Away from an exact half of the last digit (where percentagePoints judges the share's decimal,
    // not the product's last bit), the two agree: a seeded sweep of shares of all sizes.
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 20_000; i++) {
      const share = next() * 10 ** -Math.floor(next() * 6);
      expect(percentagePoints(share, 2)).toBe((share * 100).toFixed(2));
    }
    expect(percentagePoints(Math.abs(0.1234 - 0.1189), 2)).toBe("0.45");
  });
});

// Session 49: the grader's verdicts put "10⁻⁵" in live regions, which screen readers read as "10",
// "10 5" or "10 superscript minus 5".
describe("a raised power of ten, shown and said", () => {
  test("spokenPowers says a raised exponent as it says a caret's", () => {
    expect(spokenPowers("1.235 × 10⁻⁵ and 1 × 10²³")).toBe(
      "1.235 × 10 to the power of minus 5 and 1 × 10 to the power of 23",
    );
    expect(spokenPowers(raisedPowers("1.37 × 10^-10%"))).toBe(spokenPowers("1.37 × 10^-10%"));
    expect(spokenPowers("you typed 5.49×10⁻⁴")).toBe("you typed 5.49×10 to the power of minus 4");
    // Not a power of ten: a square, or 10 inside a larger number.
    expect(spokenPowers("2² and 110² and 10")).toBe("2² and 110² and 10");
  });

  test("figuresToSay splits a sentence into its text and each figure, shown on one line and said", () => {
    expect(figuresToSay("Right: 1 in 75,287,520 = 1.33 × 10⁻⁶%.")).toEqual([
      "Right: 1 in 75,287,520 = ",
      { shown: "1.33\u00a0×\u00a010⁻⁶", spoken: "1.33 × 10 to the power of minus 6" },
      "%.",
    ]);
    expect(figuresToSay("1,234 × 10¹² ok")).toEqual([
      { shown: "1,234\u00a0×\u00a010¹²", spoken: "1,234 × 10 to the power of 12" },
      " ok",
    ]);
    expect(figuresToSay("No power here: 1,820.")).toEqual(["No power here: 1,820."]);
    expect(figuresToSay("")).toEqual([]);
    // Every figure the grader writes for a tiny or huge number is found whole, and said without superscripts.
    for (const value of [1.23456e-7, 1e-7, 2.5e-300, 7.1e22, -3e-9]) {
      const text = `got ${plainFigures(value, 4)} here`;
      const pieces = figuresToSay(text);
      expect(pieces, text).toHaveLength(3);
      const figure = pieces[1] as { shown: string; spoken: string };
      expect(figure.shown.replace(/\u00a0/g, " ")).toBe(plainFigures(value, 4));
      expect(figure.spoken).toMatch(/^-?[\d.]+ × 10 to the power of (?:minus )?\d+$/);
      expect(figure.shown).not.toMatch(/ /);
    }
  });
});
