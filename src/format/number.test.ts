import { describe, expect, test } from "vitest";
import {
  rounded,
  countOf,
  duration,
  grouped,
  inverseScientific,
  minutesAndSeconds,
  oneIn,
  percent,
  percentUpTo,
  latency,
  percentAndOneIn,
  percentAnySize,
  percentAnySizeHtml,
  percentFigures,
  percentagePoints,
  powerOfTen,
  readableNumber,
  readableShare,
  scientific,
  times,
  wholeNumber,
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

  test("percentAnySize: always a percentage, in powers of ten once it would be all zeros", () => {
    expect(percentAnySize(0)).toBe("0%");
    expect(percentAnySize(0.25)).toBe("25.0%");
    expect(percentAnySize(1 / 1820)).toBe("0.055%");
    expect(percentAnySize(1 / 730_862_190_080)).toBe("1.37 × 10^-10%");
    expect(percentAnySizeHtml(1 / 730_862_190_080)).toBe("1.37 × 10<sup>-10</sup>%");
    expect(percentAnySizeHtml(0.25)).toBe("25.0%");
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
    expect(readableShare(1 / 75_287_520)).toBe("1.33e-8");
    expect(readableShare(1 / 730_862_190_080)).toBe("1.37e-12");
    expect(() => readableShare(Number.NaN)).toThrow(RangeError);
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
