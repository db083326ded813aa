/** Failure-domain maps: the text format, the saturation analysis and the built-in examples. */
export * from "./model.ts";
export * from "./parse.ts";
export * from "./analyse.ts";
export * from "./describe.ts";
export * from "./examples.ts";
