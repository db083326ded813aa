/**
 * Ids of exercises, their parts, choices and options, questions and chapters. They appear in URLs,
 * storage keys, progress files and folder names, so they follow one rule: lower-case letters and
 * digits, in words joined by single hyphens ("fixed-groups", "shuffle-shard-16-workers").
 */
export const idPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The rule in words, for error messages. */
export const idRule = "use lower-case letters, digits and single hyphens (like fixed-groups)";

export const isId = (value: unknown): value is string => typeof value === "string" && idPattern.test(value);
