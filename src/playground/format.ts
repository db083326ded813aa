/**
 * Console formatting for playground output, one implementation for every host (it runs in
 * the worker, in the page and in Node), so the same program prints the same bytes. Modelled
 * on Node's `util.inspect`, simplified: no colours, no stack traces, stable across engines.
 */

const maxDepth = 2;
const breakLength = 72;
const maxItems = 100;

const identifier = /^[A-Za-z_$][\w$]*$/;

function quote(text: string): string {
  return `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/\t/g, "\\t")}'`;
}

function formatKey(key: string | symbol): string {
  if (typeof key === "symbol") return `[${key.toString()}]`;
  return identifier.test(key) ? key : quote(key);
}

function constructorName(value: object): string | null {
  const proto = Object.getPrototypeOf(value) as object | null;
  if (proto === null) return null;
  const ctor = (proto as { constructor?: { name?: unknown } }).constructor;
  return typeof ctor?.name === "string" ? ctor.name : "";
}

function formatError(error: Error): string {
  const name = error.name || constructorName(error) || "Error";
  const head = error.message ? `${name}: ${error.message}` : name;
  return error.cause === undefined ? head : `${head} { [cause]: ${inspect(error.cause)} }`;
}

/** Join entries on one line when they fit, else one per line (numbers grouped into columns). */
function wrap(
  prefix: string,
  open: string,
  close: string,
  entries: string[],
  indent: number,
  numeric: boolean,
): string {
  if (entries.length === 0) return `${prefix}${open}${close}`;
  const oneLine = `${prefix}${open} ${entries.join(", ")} ${close}`;
  if (oneLine.length + indent <= breakLength && !oneLine.includes("\n")) return oneLine;
  const pad = " ".repeat(indent + 2);
  let lines: string[];
  const widest = Math.max(...entries.map((e) => e.length));
  if (entries.length > 6 && widest <= 16 && !entries.some((e) => e.includes("\n"))) {
    // Short items (typically numbers) fill rows of columns instead of one per line.
    const perRow = Math.max(1, Math.min(16, Math.floor((breakLength - indent - 2) / (widest + 2))));
    lines = [];
    for (let i = 0; i < entries.length; i += perRow) {
      const row = entries.slice(i, i + perRow).map((e) => (numeric ? e.padStart(widest) : e.padEnd(widest)));
      lines.push(row.join(", ").trimEnd());
    }
  } else {
    lines = entries;
  }
  return `${prefix}${open}\n${lines.map((l) => pad + l.replace(/\n/g, `\n${pad}`)).join(",\n")}\n${" ".repeat(indent)}${close}`;
}

function more(count: number): string {
  return `... ${count} more item${count === 1 ? "" : "s"}`;
}

/** The first maxItems of a collection, shown, then "... N more items" for the rest. */
function firstItems<T>(collection: Iterable<T>, size: number, show: (value: T) => string): string[] {
  const entries: string[] = [];
  for (const value of collection) {
    if (entries.length === maxItems) {
      entries.push(more(size - maxItems));
      break;
    }
    entries.push(show(value));
  }
  return entries;
}

function inspectValue(value: unknown, depth: number, seen: object[], indent: number): string {
  switch (typeof value) {
    case "string":
      return depth === 0 ? value : quote(value);
    case "number":
      return Object.is(value, -0) ? "-0" : String(value);
    case "bigint":
      return `${value}n`;
    case "boolean":
    case "undefined":
      return String(value);
    case "symbol":
      return value.toString();
    case "function": {
      const source = Function.prototype.toString.call(value);
      if (source.startsWith("class")) return `[class ${value.name || "(anonymous)"}]`;
      return value.name ? `[Function: ${value.name}]` : "[Function (anonymous)]";
    }
  }
  if (value === null) return "null";
  const object = value as object;
  if (seen.includes(object)) return "[Circular]";
  if (object instanceof Error) return formatError(object);
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? "Invalid Date" : object.toISOString();
  if (object instanceof RegExp) return String(object);
  if (object instanceof Promise) return "Promise { ... }";
  if (object instanceof WeakMap || object instanceof WeakSet) return `${constructorName(object)} { <items unknown> }`;

  const nested = depth + 1;
  // Below the top level strings are quoted (depth > 0).
  const item = (v: unknown) => inspectValue(v, nested, [...seen, object], indent + 2);

  if (Array.isArray(object)) {
    if (depth > maxDepth) return "[Array]";
    const entries: string[] = [];
    let holes = 0;
    const flushHoles = () => {
      if (holes > 0) entries.push(`<${holes} empty item${holes === 1 ? "" : "s"}>`);
      holes = 0;
    };
    const shown = Math.min(object.length, maxItems);
    for (let i = 0; i < shown; i++) {
      if (!(i in object)) {
        holes++;
        continue;
      }
      flushHoles();
      entries.push(item(object[i]));
    }
    flushHoles();
    if (object.length > maxItems) entries.push(more(object.length - maxItems));
    for (const key of Object.keys(object)) {
      if (!/^\d+$/.test(key))
        entries.push(`${formatKey(key)}: ${item((object as unknown as Record<string, unknown>)[key])}`);
    }
    const name = constructorName(object);
    const prefix = name && name !== "Array" ? `${name}(${object.length}) ` : "";
    return wrap(
      prefix,
      "[",
      "]",
      entries,
      indent,
      object.every((v) => typeof v === "number" || typeof v === "bigint"),
    );
  }
  if (ArrayBuffer.isView(object) && !(object instanceof DataView)) {
    const typed = object as unknown as ArrayLike<number | bigint>;
    const name = constructorName(object);
    if (depth > maxDepth) return `[${name}]`;
    const entries = Array.from({ length: Math.min(typed.length, maxItems) }, (_, i) => item(typed[i]));
    if (typed.length > maxItems) entries.push(more(typed.length - maxItems));
    return wrap(`${name}(${typed.length}) `, "[", "]", entries, indent, true);
  }
  if (object instanceof Map) {
    if (depth > maxDepth) return "[Map]";
    const entries = firstItems(object, object.size, ([k, v]) => `${item(k)} => ${item(v)}`);
    return wrap(`${constructorName(object)}(${object.size}) `, "{", "}", entries, indent, false);
  }
  if (object instanceof Set) {
    if (depth > maxDepth) return "[Set]";
    return wrap(
      `${constructorName(object)}(${object.size}) `,
      "{",
      "}",
      firstItems(object, object.size, item),
      indent,
      false,
    );
  }

  const name = constructorName(object);
  const prefix = name === null ? "[Object: null prototype] " : name === "Object" ? "" : `${name || "Object"} `;
  if (depth > maxDepth) return name === "Object" ? "[Object]" : `[${name ?? "Object"}]`;
  const keys: (string | symbol)[] = [
    ...Object.keys(object),
    ...Object.getOwnPropertySymbols(object).filter((s) => Object.prototype.propertyIsEnumerable.call(object, s)),
  ];
  const entries: string[] = [];
  for (const key of keys.slice(0, maxItems)) {
    const descriptor = Object.getOwnPropertyDescriptor(object, key);
    if (descriptor && !("value" in descriptor)) {
      entries.push(
        `${formatKey(key)}: [${descriptor.get && descriptor.set ? "Getter/Setter" : descriptor.get ? "Getter" : "Setter"}]`,
      );
    } else {
      entries.push(`${formatKey(key)}: ${item(descriptor?.value)}`);
    }
  }
  if (keys.length > maxItems) entries.push(more(keys.length - maxItems));
  return wrap(prefix, "{", "}", entries, indent, false);
}

/** A value as console.log shows it: strings bare at the top level, everything else inspected. */
export function inspect(value: unknown): string {
  return inspectValue(value, 0, [], 0);
}

/** A value as it appears inside a message: strings quoted. */
function inspectQuoted(value: unknown): string {
  return typeof value === "string" ? quote(value) : inspect(value);
}

/** console.log's arguments as one string, with printf-style %s %d %i %f %o %O %j %c %% in a leading string. */
export function formatArgs(args: unknown[]): string {
  if (args.length === 0) return "";
  const parts: string[] = [];
  let rest = args;
  const first = args[0];
  if (typeof first === "string" && first.includes("%") && args.length > 1) {
    let index = 1;
    const text = first.replace(/%([sdifoOjc%])/g, (whole, code: string) => {
      if (code === "%") return "%";
      if (index >= args.length) return whole;
      const arg = args[index++];
      switch (code) {
        case "s":
          return typeof arg === "string"
            ? arg
            : typeof arg === "bigint"
              ? `${arg}n`
              : typeof arg === "object" && arg !== null
                ? inspect(arg)
                : String(arg);
        case "d":
          return typeof arg === "bigint" ? `${arg}n` : typeof arg === "object" ? "NaN" : inspect(Number(arg));
        case "i":
          return typeof arg === "bigint" ? `${arg}n` : inspect(Number.parseInt(String(arg), 10));
        case "f":
          return inspect(Number.parseFloat(String(arg)));
        case "j":
          try {
            return JSON.stringify(arg);
          } catch {
            return "[Circular]";
          }
        case "c":
          return "";
        default:
          return inspectQuoted(arg);
      }
    });
    parts.push(text);
    rest = args.slice(index);
  } else {
    parts.push(inspect(first));
    rest = args.slice(1);
  }
  for (const arg of rest) parts.push(inspect(arg));
  return parts.join(" ");
}

function cell(value: unknown): string {
  return inspectValue(value, 1, [], 0).replace(/\n\s*/g, " ");
}

/** console.table: rows of an array or object as a box-drawn table; anything else is logged. */
export function formatTable(data: unknown, columns?: string[]): string {
  if (data === null || typeof data !== "object") return formatArgs([data]);
  const rows: [string, unknown][] =
    data instanceof Map
      ? [...data.entries()].map(([k, v]) => [inspectQuoted(k), v])
      : Array.isArray(data)
        ? data.map((v, i) => [String(i), v])
        : Object.entries(data);
  const header = ["(index)"];
  const keyColumns: string[] = [];
  let hasValues = false;
  for (const [, row] of rows) {
    if (row !== null && typeof row === "object" && !(row instanceof Map) && !(row instanceof Set)) {
      for (const key of Object.keys(row)) if (!keyColumns.includes(key)) keyColumns.push(key);
    } else {
      hasValues = true;
    }
  }
  const shownColumns = columns ?? keyColumns;
  header.push(...shownColumns);
  if (hasValues && !columns) header.push("Values");
  const body = rows.map(([index, row]) => {
    const isRecord = row !== null && typeof row === "object" && !(row instanceof Map) && !(row instanceof Set);
    const cells = [index];
    for (const key of shownColumns)
      cells.push(isRecord && key in (row as object) ? cell((row as Record<string, unknown>)[key]) : "");
    if (hasValues && !columns) cells.push(isRecord ? "" : cell(row));
    return cells;
  });
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((r) => r[c]!.length)) + 2);
  const line = (l: string, m: string, r: string) => l + widths.map((w) => "─".repeat(w)).join(m) + r;
  const row = (cells: string[]) => "│" + cells.map((c, i) => ` ${c.padEnd(widths[i]! - 1)}`).join("│") + "│";
  return [line("┌", "┬", "┐"), row(header), line("├", "┼", "┤"), ...body.map(row), line("└", "┴", "┘")].join("\n");
}
