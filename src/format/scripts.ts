/**
 * Unicode's superscript and subscript forms of the digits and of the signs that have one (the
 * minus is U+2212, as the course writes it): one table, which the terminal's text renderer writes
 * exponents with (markdown-text.ts) and the answer parser reads them back from (10⁻⁴ typed as an
 * answer, src/grader/parse-answer.ts).
 */
const digits = [..."0123456789"];

export const superscripts: Readonly<Record<string, string>> = {
  ...Object.fromEntries(digits.map((d, i) => [d, "⁰¹²³⁴⁵⁶⁷⁸⁹"[i]!])),
  "+": "⁺",
  "−": "⁻",
  "=": "⁼",
  "(": "⁽",
  ")": "⁾",
};

export const subscripts: Readonly<Record<string, string>> = {
  ...Object.fromEntries(digits.map((d, i) => [d, "₀₁₂₃₄₅₆₇₈₉"[i]!])),
  "+": "₊",
  "−": "₋",
  "=": "₌",
  "(": "₍",
  ")": "₎",
};
