/**
 * The failure-map text format, one statement per line:
 *
 *   title The platform before bulkheads
 *   service checkout weight 20          a service; weight = its share of incoming traffic (optional)
 *   pool shared-db                      a shared resource: pool, threads, cache or queue
 *   pool pricing-client for pricing     a resource dedicated to calls to one service (a bulkhead)
 *   checkout uses shared-db, jobs       who draws from what
 *   checkout calls pricing, inventory   who calls whom: a caller fails when its callee fails...
 *   storefront calls recs with fallback ...unless it has a fallback
 *   decide shared-db split: a pool per service; owner Priya; by 15 January
 *                                       what the group decided for a resource: split, protect or
 *                                       accept, then optionally ": the change", "; owner <who>",
 *                                       "; by <when>"
 *   # a comment; blank lines are ignored
 *
 * Names may be used before they are declared. Every error names its line.
 */
import { readDecimal } from "../../format/decimal.ts";
import { grouped } from "../../format/number.ts";

/**
 * The largest weight a service may carry. Only ratios count, so no map needs more, and a bound
 * keeps the sum finite: two weights of 1e308 added up to Infinity and made every share 0%.
 */
export const maxWeight = 1e9;
import {
  decisionKinds,
  resourceKinds,
  type CallEdge,
  type DecisionKind,
  type MapDecision,
  type FailureMap,
  type MapResource,
  type MapService,
  type ResourceKind,
  type UseEdge,
} from "./model.ts";

export interface MapError {
  /** 1-based line number in the text. */
  line: number;
  message: string;
}

export type ParseResult = { ok: true; map: FailureMap } | { ok: false; errors: MapError[] };

/** One error as every reader of maps says it: "line 5: no resource named "db" to decide about". */
export const errorText = (error: MapError): string => `line ${error.line}: ${error.message}`;

/** Thrown by parseFailureMapOrThrow; the message lists every error with its line. */
export class MapSyntaxError extends Error {
  constructor(readonly errors: MapError[]) {
    super(errors.map(errorText).join("\n"));
    this.name = "MapSyntaxError";
  }
}

const namePattern = /^[A-Za-z][A-Za-z0-9_.-]*$/;
const keywords = new Set([
  "service",
  "title",
  "uses",
  "calls",
  "weight",
  "for",
  "with",
  "fallback",
  "decide",
  ...Object.keys(resourceKinds),
]);
const isKind = (word: string): word is ResourceKind => Object.hasOwn(resourceKinds, word);
const isDecision = (word: string): word is DecisionKind => Object.hasOwn(decisionKinds, word);
const decisionForm =
  'expected "decide <resource> split|protect|accept", then optionally ": the change", "; owner <who>", "; by <when>"';

/** "decide db split: a pool each; owner Ana; by May": the decision, or an error message. */
function readDecision(statement: string, line: number): MapDecision | string {
  const [head = "", ...clauses] = statement.split(";").map((s) => s.trim());
  const colon = head.indexOf(":");
  const words = (colon < 0 ? head : head.slice(0, colon)).trim().split(/\s+/);
  const change = colon < 0 ? undefined : head.slice(colon + 1).trim();
  if (words.length !== 3) return decisionForm;
  const [, resource = "", decision = ""] = words;
  if (!isDecision(decision)) return `"${decision}" is not a decision: write split, protect or accept`;
  if (change === "") return 'nothing after ":": write the change, or leave the ":" out';
  const result: MapDecision = { resource, decision, line };
  if (change) result.change = change;
  for (const clause of clauses) {
    const [, key, value] = /^(owner|by)\b\s*(.*)$/.exec(clause) ?? [];
    if (!key) return `cannot read "; ${clause}": after the decision come "; owner <who>" and "; by <when>"`;
    if (!value) return `"${key}" needs some text after it`;
    if (result[key as "owner" | "by"] !== undefined) return `"${key}" is given twice`;
    result[key as "owner" | "by"] = value;
  }
  return result;
}

/** A line's statement: the line without its comment and the spaces around it ("" for none). */
const statementOf = (raw: string): string => raw.replace(/#.*$/, "").trim();

function checkName(name: string | undefined, what: string, line: number, errors: MapError[]): name is string {
  if (!name) {
    errors.push({ line, message: `expected a ${what} name` });
    return false;
  }
  if (keywords.has(name)) {
    errors.push({ line, message: `"${name}" is a keyword of the map format; pick another ${what} name` });
    return false;
  }
  if (!namePattern.test(name)) {
    errors.push({
      line,
      message: `"${name}" is not a valid ${what} name: start with a letter, then letters, digits, "-", "_" or "."`,
    });
    return false;
  }
  return true;
}

/** Split "a, b,c" into names; empty items are errors. */
function nameList(text: string, line: number, errors: MapError[]): string[] {
  const items = text.split(",").map((s) => s.trim());
  if (items.some((s) => s === "")) {
    errors.push({ line, message: "empty name in a comma-separated list" });
    return [];
  }
  return items;
}

export function parseFailureMap(text: string): ParseResult {
  const errors: MapError[] = [];
  const services: MapService[] = [];
  const resources: MapResource[] = [];
  const uses: UseEdge[] = [];
  const calls: CallEdge[] = [];
  const decisions: MapDecision[] = [];
  let title: string | undefined;
  const declared = new Map<string, { line: number; what: "service" | "resource" }>();

  const declare = (name: string, what: "service" | "resource", line: number): boolean => {
    const earlier = declared.get(name);
    if (earlier) {
      errors.push({ line, message: `"${name}" is already declared on line ${earlier.line}` });
      return false;
    }
    declared.set(name, { line, what });
    return true;
  };

  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const statement = statementOf(raw);
    if (statement === "") return;
    const words = statement.split(/\s+/);
    const first = words[0]!;

    if (first === "title") {
      const rest = statement.slice("title".length).trim();
      if (rest === "") errors.push({ line, message: "a title needs some text after it" });
      else if (title !== undefined) errors.push({ line, message: "the map already has a title" });
      else title = rest;
      return;
    }

    if (first === "decide") {
      const decision = readDecision(statement, line);
      if (typeof decision === "string") errors.push({ line, message: decision });
      else if (checkName(decision.resource, "resource", line, errors)) {
        const earlier = decisions.find((d) => d.resource === decision.resource);
        if (earlier)
          errors.push({ line, message: `"${decision.resource}" already has a decision, on line ${earlier.line}` });
        else decisions.push(decision);
      }
      return;
    }

    if (first === "service") {
      const name = words[1];
      if (!checkName(name, "service", line, errors)) return;
      let weight: number | undefined;
      if (words.length > 2) {
        if (words[2] !== "weight" || words.length !== 4) {
          errors.push({ line, message: `expected "service ${name}" or "service ${name} weight <number>"` });
          return;
        }
        // Decimal only, by the course's one rule for typed numbers: "0x10" is not 16.
        weight = readDecimal(words[3]!);
        if (weight === undefined || weight < 0 || weight > maxWeight) {
          errors.push({
            line,
            message: `weight must be a number from 0 to ${grouped(maxWeight)} (only the weights' ratios count), got "${words[3]}"`,
          });
          return;
        }
      }
      if (declare(name, "service", line)) services.push(weight === undefined ? { name, line } : { name, weight, line });
      return;
    }

    if (isKind(first)) {
      const name = words[1];
      if (!checkName(name, first, line, errors)) return;
      let dedicatedTo: string | undefined;
      if (words.length > 2) {
        if (words[2] !== "for" || words.length !== 4) {
          errors.push({ line, message: `expected "${first} ${name}" or "${first} ${name} for <service>"` });
          return;
        }
        dedicatedTo = words[3];
      }
      if (declare(name, "resource", line))
        resources.push(dedicatedTo ? { name, kind: first, dedicatedTo, line } : { name, kind: first, line });
      return;
    }

    const verb = words[1];
    if (verb === "uses" || verb === "calls") {
      if (!checkName(first, "service", line, errors)) return;
      let rest = statement.slice(statement.indexOf(verb) + verb.length).trim();
      let fallback = false;
      if (verb === "calls" && /\s+with\s+fallback$/.test(rest)) {
        fallback = true;
        rest = rest.replace(/\s+with\s+fallback$/, "");
      }
      if (rest === "") {
        errors.push({ line, message: `"${first} ${verb}" needs at least one name after it` });
        return;
      }
      for (const target of nameList(rest, line, errors)) {
        if (!checkName(target, verb === "uses" ? "resource" : "service", line, errors)) continue;
        if (verb === "uses") uses.push({ service: first, resource: target, line });
        else calls.push({ caller: first, callee: target, fallback, line });
      }
      return;
    }

    errors.push({
      line,
      message: `cannot read "${statement}": a line starts with service, pool, threads, cache, queue, title or decide, or reads "<service> uses <resources>" or "<service> calls <services>"`,
    });
  });

  // Names may be used before they are declared, so references are checked once every line is read.
  const kindOf = (name: string) => declared.get(name)?.what;
  const mustBeService = (name: string, line: number, role: string) => {
    const kind = kindOf(name);
    if (kind === "service") return;
    errors.push({
      line,
      message:
        kind === "resource"
          ? `"${name}" is a resource; ${role}`
          : `no service named "${name}" (declare it with "service ${name}")`,
    });
  };
  for (const u of uses) {
    mustBeService(u.service, u.line, "only services use resources");
    const kind = kindOf(u.resource);
    if (kind === "service")
      errors.push({
        line: u.line,
        message: `"${u.resource}" is a service: services are called ("${u.service} calls ${u.resource}"), resources are used`,
      });
    else if (kind === undefined)
      errors.push({
        line: u.line,
        message: `no resource named "${u.resource}" (declare it with "pool ${u.resource}", or threads, cache, queue)`,
      });
  }
  for (const c of calls) {
    mustBeService(c.caller, c.line, "only services call");
    mustBeService(c.callee, c.line, `resources are used ("${c.caller} uses ${c.callee}"), not called`);
    if (c.caller === c.callee) errors.push({ line: c.line, message: `"${c.caller}" cannot call itself` });
  }
  for (const r of resources) {
    if (r.dedicatedTo !== undefined)
      mustBeService(r.dedicatedTo, r.line, `a resource can only be dedicated to a service`);
  }
  for (const d of decisions) {
    const kind = kindOf(d.resource);
    if (kind === "resource") continue;
    errors.push({
      line: d.line,
      message:
        kind === "service"
          ? `"${d.resource}" is a service: decisions are about shared resources`
          : `no resource named "${d.resource}" to decide about`,
    });
  }
  if (services.length === 0 && errors.length === 0) {
    errors.push({ line: 1, message: 'the map has no services yet: add a line like "service checkout"' });
  }

  if (errors.length > 0) return { ok: false, errors: distinctErrors(errors) };
  return {
    ok: true,
    map: {
      ...(title ? { title } : {}),
      services,
      resources,
      uses: dedupeUses(uses),
      calls: dedupeCalls(calls),
      ...(decisions.length ? { decisions } : {}),
    },
  };
}

/**
 * Errors in line order, each said once: a line such as "a calls b, c" checks its caller once per
 * callee, and an undeclared caller must not be reported twice for the same line.
 */
function distinctErrors(errors: MapError[]): MapError[] {
  const seen = new Set<string>();
  return errors
    .filter((e) => {
      const key = `${e.line}\n${e.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.line - b.line);
}

const dedupeUses = (edges: UseEdge[]) => [...new Map(edges.map((e) => [`${e.service}>${e.resource}`, e])).values()];
const dedupeCalls = (edges: CallEdge[]) => [...new Map(edges.map((e) => [`${e.caller}>${e.callee}`, e])).values()];

export function parseFailureMapOrThrow(text: string): FailureMap {
  const result = parseFailureMap(text);
  if (!result.ok) throw new MapSyntaxError(result.errors);
  return result.map;
}

/** A map read with its faulty "decide" lines skipped: the map, and each skipped line's error. */
export type LenientParseResult = { ok: true; map: FailureMap; skipped: MapError[] } | { ok: false; errors: MapError[] };

/**
 * A map read as the room board and the presenter view read a group's map at the readout: when
 * every error is on a "decide" line (a typo in a decision, a resource the map does not have), those
 * lines are skipped, each with its error, and the rest of the map is read; any other error refuses
 * the map, as parseFailureMap does. The same parser reads the text again with those lines blanked,
 * so every other line keeps its number.
 */
export function parseFailureMapSkippingBadDecisions(text: string): LenientParseResult {
  const parsed = parseFailureMap(text);
  if (parsed.ok) return { ...parsed, skipped: [] };
  const lines = text.split(/\r?\n/);
  const onDecideLine = (line: number) => statementOf(lines[line - 1] ?? "").split(/\s+/)[0] === "decide";
  if (!parsed.errors.every((e) => onDecideLine(e.line))) return parsed;
  const bad = new Set(parsed.errors.map((e) => e.line));
  const rest = parseFailureMap(lines.map((l, i) => (bad.has(i + 1) ? "" : l)).join("\n"));
  // Without its decisions the map can still fail as a whole (it has no services).
  if (!rest.ok) return { ok: false, errors: distinctErrors([...parsed.errors, ...rest.errors]) };
  return { ok: true, map: rest.map, skipped: parsed.errors };
}

/** Write a map back as text that parses to the same map (comments and layout are not kept). */
export function formatFailureMap(map: FailureMap): string {
  const lines: string[] = [];
  if (map.title) lines.push(`title ${map.title}`, "");
  for (const s of map.services)
    lines.push(s.weight === undefined ? `service ${s.name}` : `service ${s.name} weight ${s.weight}`);
  if (map.resources.length > 0) lines.push("");
  for (const r of map.resources)
    lines.push(r.dedicatedTo ? `${r.kind} ${r.name} for ${r.dedicatedTo}` : `${r.kind} ${r.name}`);
  const byService = (name: string) => ({
    uses: map.uses.filter((u) => u.service === name).map((u) => u.resource),
    calls: map.calls.filter((c) => c.caller === name && !c.fallback).map((c) => c.callee),
    fallbacks: map.calls.filter((c) => c.caller === name && c.fallback).map((c) => c.callee),
  });
  const edges: string[] = [];
  for (const s of map.services) {
    const e = byService(s.name);
    if (e.uses.length) edges.push(`${s.name} uses ${e.uses.join(", ")}`);
    if (e.calls.length) edges.push(`${s.name} calls ${e.calls.join(", ")}`);
    if (e.fallbacks.length) edges.push(`${s.name} calls ${e.fallbacks.join(", ")} with fallback`);
  }
  if (edges.length > 0) lines.push("", ...edges);
  if (map.decisions?.length) lines.push("", ...map.decisions.map(decisionText));
  return lines.join("\n") + "\n";
}

/** A decision as one line of the map format. */
export function decisionText(d: Omit<MapDecision, "line">): string {
  return [
    `decide ${d.resource} ${d.decision}${d.change ? `: ${d.change}` : ""}`,
    ...(d.owner ? [`owner ${d.owner}`] : []),
    ...(d.by ? [`by ${d.by}`] : []),
  ].join("; ");
}
