/**
 * A restricted mathjs: the number-only build with just the parser and the functions an
 * answer needs. Expressions are never handed to mathjs's evaluate or compile: the parse tree is
 * walked here against an allowlist (numbers, + - * / ^ !, parentheses, a few functions), so
 * import, createUnit, evaluate, parse, simplify, assignments, function definitions, units,
 * matrices, strings and property access cannot run, whatever the input.
 */
import {
  addDependencies,
  create,
  divideDependencies,
  expDependencies,
  factorialDependencies,
  log10Dependencies,
  log2Dependencies,
  logDependencies,
  maxDependencies,
  minDependencies,
  multiplyDependencies,
  parseDependencies,
  powDependencies,
  sqrtDependencies,
  subtractDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
  type FactoryFunctionMap,
  type MathNode,
} from "mathjs/number";
import { countOf, grouped, plainFigures } from "../format/number.ts";
import { listNames } from "../format/words.ts";

const factories = {
  parseDependencies,
  addDependencies,
  subtractDependencies,
  multiplyDependencies,
  divideDependencies,
  powDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
  sqrtDependencies,
  logDependencies,
  log10Dependencies,
  log2Dependencies,
  expDependencies,
  factorialDependencies,
  minDependencies,
  maxDependencies,
} as unknown as FactoryFunctionMap; // mathjs types every *Dependencies export as possibly undefined
const math = create(factories);

// Captured once; nothing an expression names can reach anything else on `math`.
const parse = math.parse.bind(math);

/** A message for the learner: why an input is not an answer. Never a bug. */
export class InputError extends Error {}

/**
 * Largest min(k, n - k) accepted by C(n, k): the loop below runs that many times, so this bounds
 * its cost (10,000 steps take well under a millisecond).
 */
export const maxCombinationSpan = 10_000;
/** Largest whole number a double holds exactly (2^53 - 1); C(n, k) accepts n up to it. */
const largestExact = Number.MAX_SAFE_INTEGER;

type Fn = (...args: number[]) => number;

function arity(name: string, args: number[], min: number, max = min): void {
  if (args.length < min || args.length > max) {
    // "1 or 2 numbers" when two counts are allowed, "1 to 100 numbers" for a range of them.
    const want = min === max ? countOf(min, "number") : `${min} ${max === min + 1 ? "or" : "to"} ${max} numbers`;
    // "The function max(...)", not "Max(...)": the message's first letter is capitalised.
    throw new InputError(`the function ${name}(...) takes ${want}, got ${args.length}`);
  }
}

function wholeNumber(name: string, v: number): void {
  if (!Number.isInteger(v) || v < 0)
    throw new InputError(`${name} needs whole numbers of 0 or more, got ${formatPlain(v)}`);
}

/**
 * C(n, k), computed here rather than by mathjs: mathjs counts its loop in the numbers themselves,
 * and past 2^53 adding 1 no longer changes a double, so C(1e16, 4) never finished. Here the loop
 * counter is a small whole number and the work is at most maxCombinationSpan steps.
 */
const combinations: Fn = (...args) => {
  arity("C", args, 2);
  const [n, k] = args as [number, number];
  wholeNumber("C(n, k)", n);
  wholeNumber("C(n, k)", k);
  if (n > largestExact || k > largestExact)
    throw new InputError(
      `C(n, k) takes whole numbers up to 9,007,199,254,740,991 (2⁵³ − 1), the largest a number holds exactly; got ${formatPlain(Math.max(n, k))}`,
    );
  if (k > n) return 0; // no way to choose more than there are
  const r = Math.min(k, n - k);
  if (r > maxCombinationSpan)
    throw new InputError(
      `C(${formatPlain(n)}, ${formatPlain(k)}) is too large to work out here (C(n, k) works out up to ${grouped(maxCombinationSpan)} factors)`,
    );
  // Multiply, then divide: after step i the running value is C(n - r + i, i), a whole number, so
  // it stays exact for as long as it fits in a double.
  let result = 1;
  for (let i = 1; i <= r && Number.isFinite(result); i++) result = (result * (n - r + i)) / i;
  return result;
};

/** A logarithm's argument (and base) must be above 0; the base must not be 1. */
function logArgument(name: string, v: number): void {
  if (!(v > 0)) throw new InputError(`${name} needs a number above 0, got ${formatPlain(v)}`);
}

/** The functions an answer may call, by every name people use for them. */
const functions: Record<string, Fn> = {
  C: combinations,
  combinations,
  choose: combinations,
  nCr: combinations,
  sqrt: (...a) => {
    arity("sqrt", a, 1);
    if (a[0]! < 0)
      throw new InputError(`the square root sqrt(...) needs a number of 0 or more, got ${formatPlain(a[0]!)}`);
    return math.sqrt(a[0]!) as number;
  },
  log: (...a) => {
    arity("log", a, 1, 2);
    logArgument("the logarithm log(...)", a[0]!);
    if (a.length === 1) return math.log(a[0]!) as number;
    logArgument("the base of log(x, base)", a[1]!);
    if (a[1] === 1) throw new InputError("log(x, 1) has no value: a base of 1 never grows");
    return math.log(a[0]!, a[1]!) as number;
  },
  ln: (...a) => (arity("ln", a, 1), logArgument("the logarithm ln(...)", a[0]!), math.log(a[0]!) as number),
  log10: (...a) => (arity("log10", a, 1), logArgument("the logarithm log10(...)", a[0]!), math.log10(a[0]!)),
  log2: (...a) => (arity("log2", a, 1), logArgument("the logarithm log2(...)", a[0]!), math.log2(a[0]!)),
  exp: (...a) => (arity("exp", a, 1), math.exp(a[0]!)),
  factorial: (...a) => (arity("factorial", a, 1), factorial(a[0]!)),
  pow: (...a) => (arity("pow", a, 2), power(a[0]!, a[1]!)),
  min: (...a) => (arity("min", a, 1, 100), math.min(...a)),
  max: (...a) => (arity("max", a, 1, 100), math.max(...a)),
};
export const allowedFunctions = Object.keys(functions);

const constants: Record<string, number> = { pi: Math.PI, e: Math.E };

function power(base: number, exponent: number): number {
  if (base === 0 && exponent < 0) throw new InputError("that divides by zero (0 to a negative power)");
  return math.pow(base, exponent) as number;
}

function factorial(n: number): number {
  wholeNumber("factorial", n);
  return n > 170 ? Infinity : math.factorial(n);
}

const operators: Record<string, Fn> = {
  add: (a, b) => math.add(a!, b!),
  subtract: (a, b) => math.subtract(a!, b!),
  multiply: (a, b) => math.multiply(a!, b!),
  divide: (a, b) => {
    if (b === 0) throw new InputError("that divides by zero");
    return math.divide(a!, b!);
  },
  pow: (a, b) => power(a!, b!),
  unaryMinus: (a) => math.unaryMinus(a!),
  unaryPlus: (a) => math.unaryPlus(a!),
  factorial: (a) => factorial(a!),
};

const operatorWords: Record<string, string> = {
  mod: "mod (remainder) is not needed in an answer",
  to: "unit conversion is not supported: give a plain number",
  in: 'write "1 in N" with just a number on each side',
};

/** The first name in `node` that is neither a constant nor an allowed function, if any. */
function unknownWord(node: MathNode): string | undefined {
  for (const found of node.filter((n) => n.type === "SymbolNode")) {
    const name = (found as unknown as { name: string }).name;
    if (!(name in constants) && !Object.hasOwn(functions, name)) return name;
  }
  return undefined;
}

/**
 * `fn` applied to `args`. A step that overflowed (C(20000, 10000) is Infinity) and then met
 * another (Infinity / Infinity, Infinity - Infinity) comes to NaN: that is a number too large to
 * work out, not a calculation without a real value, and is said so.
 */
function applied(fn: Fn, args: number[]): number {
  const value = fn(...args);
  if (Number.isNaN(value) && args.some((a) => a === Infinity || a === -Infinity))
    throw new InputError("a step of that is too large to work out here (it overflows a number)");
  return value;
}

/** Deepest nesting of brackets and function calls accepted (an answer is at most 200 characters). */
const maxNesting = 60;

/**
 * Evaluate an allowlisted tree; anything else is an InputError naming what was found. `depth`
 * counts brackets and function calls only, so a long flat sum (1+1+...+1) is not "nested".
 */
function evaluateNode(node: MathNode, depth: number): number {
  if (depth > maxNesting) throw new InputError("that is nested too deeply (more than 60 brackets inside each other)");
  switch (node.type) {
    case "ConstantNode": {
      const value = (node as unknown as { value: unknown }).value;
      if (typeof value !== "number") throw new InputError("text in quotes is not a number");
      return value;
    }
    case "ParenthesisNode":
      return evaluateNode((node as unknown as { content: MathNode }).content, depth + 1);
    case "SymbolNode": {
      const name = (node as unknown as { name: string }).name;
      if (name in constants) return constants[name]!;
      throw new InputError(`"${name}" is not a number or a known function`);
    }
    case "OperatorNode": {
      const op = node as unknown as { fn: string; op: string; implicit: boolean; args: MathNode[] };
      if (op.implicit) {
        // "five hundred" is two words, not two numbers: name the word first, as "ninety" is named.
        const word = unknownWord(node);
        throw new InputError(
          word === undefined
            ? "put an operator (* or /) between two numbers or brackets"
            : `"${word}" is not a number or a known function`,
        );
      }
      const fn = operators[op.fn];
      if (!fn) {
        // "one hundred and twenty": the words are the slip, not the "and".
        const word = unknownWord(node);
        throw new InputError(
          word !== undefined
            ? `"${word}" is not a number or a known function`
            : (operatorWords[op.op] ?? `the operator "${op.op}" is not supported here; use + - * / ^ and !`),
        );
      }
      return applied(
        fn,
        op.args.map((a) => evaluateNode(a, depth)),
      );
    }
    case "FunctionNode": {
      const call = node as unknown as { fn: MathNode; args: MathNode[] };
      const name = call.fn.type === "SymbolNode" ? (call.fn as unknown as { name: string }).name : undefined;
      const fn = name === undefined ? undefined : Object.hasOwn(functions, name) ? functions[name] : undefined;
      if (!fn)
        throw new InputError(
          `the function ${name ?? writtenAs(call.fn)}(...) is not available; you can use ${listNames(["C", "sqrt", "log", "exp", "factorial", "min", "max"])}`,
        );
      return applied(
        fn,
        call.args.map((a) => evaluateNode(a, depth + 1)),
      );
    }
    case "AssignmentNode":
    case "FunctionAssignmentNode":
      throw new InputError("an answer cannot define or assign anything: give just the value");
    case "ArrayNode":
    case "IndexNode":
    case "RangeNode":
      throw new InputError("lists and matrices are not answers: give a single number");
    case "AccessorNode":
    case "ObjectNode":
      throw new InputError("objects and property access are not answers: give a single number");
    default:
      throw new InputError("that is not a plain calculation; use numbers, + - * / ^ and functions like C(16, 4)");
  }
}

/**
 * Evaluate a normalised expression with the restricted instance. Throws InputError for
 * everything a person might type wrongly; the result is a finite number.
 */
/** How the reader wrote a callee that is not a plain name (`process.exit`), for the message. */
function writtenAs(node: MathNode): string {
  try {
    return node.toString();
  } catch {
    return "that";
  }
}

export function evaluateExpression(expression: string): number {
  let tree: MathNode;
  try {
    tree = parse(expression);
  } catch (error) {
    throw new InputError(describeParseError(error as Error & { char?: number }, expression));
  }
  let value: number;
  try {
    value = evaluateNode(tree, 0);
  } catch (error) {
    if (error instanceof InputError) throw error;
    // mathjs's own argument checks (typed-function): turn them into a plain message.
    throw new InputError(`that cannot be worked out (${String((error as Error).message ?? error).split("\n")[0]})`);
  }
  if (typeof value !== "number" || Number.isNaN(value)) throw new InputError("that does not come to a real number");
  if (value === Number.NEGATIVE_INFINITY) throw new InputError("that comes to minus infinity, which is not an answer");
  if (!Number.isFinite(value)) throw new InputError("that number is too large to be an answer");
  return value;
}

/** Characters either side of an unexpected part that a message quotes from a long calculation. */
const contextChars = 12;

/**
 * The calculation as a message quotes it: whole while short, else the unexpected part that starts
 * at `at` with a few characters either side, cut at spaces ("…* 60 * 70 80 * 90 * 100…"), so a message stays a line
 * or two however long the answer (up to maxAnswerLength).
 */
function quotedAround(expression: string, at: number, length: number): string {
  if (expression.length <= 2 * contextChars + length) return JSON.stringify(expression);
  // Cut at spaces where there are some, so no number is quoted in part.
  let start = Math.max(0, at - contextChars);
  let end = Math.min(expression.length, at + length + contextChars);
  const space = expression.indexOf(" ", start);
  if (start > 0 && space !== -1 && space < at) start = space + 1;
  const lastSpace = expression.lastIndexOf(" ", end);
  if (end < expression.length && lastSpace >= at + length) end = lastSpace;
  const inner = JSON.stringify(expression.slice(start, end).trim()).slice(1, -1);
  return `"${start > 0 ? "…" : ""}${inner}${end < expression.length ? "…" : ""}"`;
}

function describeParseError(error: Error & { char?: number }, expression: string): string {
  const { message } = error;
  if (/Unexpected end of expression/.test(message))
    return "the answer ends too early: something is missing after the last operator";
  if (/Parenthesis \) expected/.test(message)) return "a closing bracket ) is missing";
  const part = /Unexpected (?:part|operator|type of argument|token) "?([^"\s]*)"?/.exec(message)?.[1];
  if (part) {
    // mathjs gives the part's place as `char`, counted from 1; where that is not the part, its first place.
    const given = (error.char ?? 0) - 1;
    const at = expression.startsWith(part, given) ? given : expression.indexOf(part);
    return `unexpected "${part}" in ${quotedAround(expression, Math.max(0, at), part.length)}`;
  }
  return `that is not a calculation I can read (${message.replace(/\s*\(char \d+\)$/, "")})`;
}

/**
 * A value the learner's calculation came to, in a message: a whole number with all its digits
 * (1234567), any other to six significant figures (2.5, 0.333333), and from 10^21 or below a
 * millionth a power of ten with its exponent raised (plainFigures): "got -1 × 10⁻⁷", never "got -1e-7".
 */
export function formatPlain(v: number): string {
  return Number.isInteger(v) && Math.abs(v) < 1e21 ? String(v) : plainFigures(v, 6);
}
