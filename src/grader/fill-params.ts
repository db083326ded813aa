/**
 * {param} placeholders in titles, prompts, hints, feedback and worked explanations, filled with a
 * variant's values. Kept apart from the grader (which loads mathjs) so listing exercises stays light.
 */
import { asGiven } from "../format/number.ts";
import type { Params } from "./exercise-schema.ts";

/** A placeholder: "{workers}". */
export const placeholderPattern = /\{([a-zA-Z][a-zA-Z0-9]*)\}/g;

type Values = Params | Readonly<Record<string, number | string>>;

/** Each {param} the values name, written by `show`; unknown names are left as they are. */
function fill(text: string, params: Values, show: (value: number | string) => string): string {
  return text.replace(placeholderPattern, (whole, name: string) =>
    Object.hasOwn(params, name) ? show(params[name]!) : whole,
  );
}

/**
 * Replace {param} placeholders with the variant's values, plain digits, for expressions the
 * grader parses. A worked explanation also fills the figures its solution computes for them
 * (solution.ts worked()).
 */
export function fillParams(text: string, params: Values): string {
  return fill(text, params, String);
}

/**
 * A parameter's value as a reader sees it in a prompt, a hint or a message: a number thousands
 * grouped like every other number the course shows ("5,000 customers"), a text as it is.
 */
export function paramText(value: number | string): string {
  return typeof value === "number" ? asGiven(value) : value;
}

/** `fillParams` for text a person reads: each value as `paramText` writes it. */
export function fillParamsForReading(text: string, params: Values): string {
  return fill(text, params, paramText);
}

/** The placeholders a text uses: "{workers}" -> "workers". */
export function placeholders(text: string): string[] {
  return [...text.matchAll(placeholderPattern)].map((m) => m[1]!);
}
