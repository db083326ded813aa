/**
 * The layers of docs/ARCHITECTURE.md ("may import"), enforced. Every import in src/, content/,
 * bench/, scripts/ and tools/ is read (static, dynamic and re-exports), resolved to a path, and checked against the rule of
 * the layer it is written in. A new edge between layers fails here, naming the file and the
 * import, until the table in ARCHITECTURE.md and the rule below change together.
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { sourceFiles, splitSource } from "../support/source-files.ts";

const root = resolve(import.meta.dirname, "../..");

interface Import {
  /** The file that imports, relative to the repository. */
  from: string;
  /** What is written in the import. */
  specifier: string;
  /** A repository path for relative imports; the package name (or "node:x") otherwise. */
  target: string;
  typeOnly: boolean;
}

/** Static imports, re-exports and dynamic imports, read by TypeScript's parser (strings and comments are not imports). */
function importsOf(file: string): Import[] {
  const text = readFileSync(file, "utf8");
  const from = relative(root, file);
  const source = ts.createSourceFile(
    file,
    splitSource(file, text).code,
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TS,
  );
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const bare = specifier.split("?")[0] ?? specifier;
    let target: string;
    if (bare.startsWith(".")) target = relative(root, resolve(dirname(file), bare));
    else if (bare.startsWith("~/")) target = join("src", bare.slice(2));
    else if (bare.startsWith("node:")) target = bare;
    else target = bare.startsWith("@") ? bare.split("/").slice(0, 2).join("/") : (bare.split("/")[0] ?? bare);
    found.push({ from, specifier, target, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      // `import type { x }` (TypeScript 5.9 marks it as the clause's phase modifier).
      add(node.moduleSpecifier.text, node.importClause?.phaseModifier === ts.SyntaxKind.TypeKeyword);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = [
  ...sourceFiles(join(root, "src")),
  ...sourceFiles(join(root, "content")),
  ...sourceFiles(join(root, "bench")),
  ...sourceFiles(join(root, "scripts")),
  ...sourceFiles(join(root, "tools")),
];
const isTest = (path: string) => /\.test(-helper)?\.ts$/.test(path);
const sourceImports = files.filter((f) => !isTest(f)).flatMap(importsOf);

const inside = (path: string, ...dirs: string[]) => dirs.some((d) => path === d || path.startsWith(`${d}/`));
const isPackage = (target: string) => !target.includes("/") || target.startsWith("@");
const isNode = (target: string) => target.startsWith("node:");

/** One rule per layer: the reason an import breaks it, or undefined when it is allowed. */
interface Layer {
  name: string;
  owns: (path: string) => boolean;
  breaks: (i: Import) => string | undefined;
}

const layers: Layer[] = [
  {
    name: "src/format",
    owns: (p) => inside(p, "src/format"),
    breaks: (i) => (inside(i.target, "src/format") ? undefined : "src/format imports nothing"),
  },
  {
    name: "src/sim",
    owns: (p) => inside(p, "src/sim"),
    breaks: (i) =>
      inside(i.target, "src/sim", "src/format") ? undefined : "src/sim is pure: src/sim and src/format only",
  },
  {
    name: "src/grader",
    owns: (p) => inside(p, "src/grader"),
    breaks: (i) => {
      if (inside(i.target, "src/grader", "src/sim", "src/format", "src/course")) return undefined;
      if (["mathjs", "yaml", "zod"].includes(i.target)) return undefined;
      // The runner's contract, for the two files that start check runs.
      if (
        ["src/grader/check-run.ts", "src/grader/run-checks-node.ts"].includes(i.from) &&
        ["src/playground/protocol.ts", "src/playground/node-host.ts"].includes(i.target)
      )
        return undefined;
      // Reading exercise folders from disk is the terminal's and the build's job, in two files.
      if (["src/grader/load-exercises.ts", "src/grader/exercise-files.ts"].includes(i.from) && isNode(i.target))
        return undefined;
      return "src/grader: src/sim, src/format, src/course, mathjs, yaml, zod (and the runner's contract in check-run.ts)";
    },
  },
  {
    name: "src/prelude",
    owns: (p) => inside(p, "src/prelude"),
    breaks: (i) =>
      inside(i.target, "src/prelude", "src/sim", "src/format") || i.target === "src/grader/checks.ts"
        ? undefined
        : "src/prelude: src/sim, src/format and src/grader/checks.ts; never the runner",
  },
  {
    name: "src/playground",
    owns: (p) => inside(p, "src/playground"),
    breaks: (i) => {
      if (inside(i.target, "src/grader")) return "the runner never imports the grader";
      if (inside(i.target, "src/prelude")) {
        if (i.target === "src/prelude/plot.ts" && i.typeOnly) return undefined;
        const entries = ["src/playground/worker.ts", "src/playground/node-child.ts"];
        return entries.includes(i.from) ? undefined : "only the worker entries hand the course library in";
      }
      // src/format imports nothing, so the runner stays free of the course's code.
      if (inside(i.target, "src/playground", "src/format")) return undefined;
      if (isNode(i.target) || ["sucrase", "ses", "esbuild", "typescript"].includes(i.target)) return undefined;
      // TypeScript's address in the page (src/integrations/typescript-prebundle.ts), for its worker.
      if (i.from === "src/playground/typecheck-worker.ts" && i.target === "virtual:blast-radius") return undefined;
      return "src/playground: src/format, sucrase, ses, esbuild, typescript (the type-checker, and its address for the page's worker) and Node (its Node host)";
    },
  },
  {
    name: "src/widgets",
    owns: (p) => inside(p, "src/widgets"),
    breaks: (i) => {
      if (isNode(i.target)) return "widgets run in the browser: no Node modules";
      if (inside(i.target, "src/components", "src/cli", "src/pages", "content")) return "widgets sit below pages";
      return undefined;
    },
  },
  {
    name: "src/cli",
    owns: (p) => inside(p, "src/cli"),
    breaks: (i) =>
      inside(i.target, "src/widgets", "src/components", "src/pages", "src/integrations")
        ? "the terminal uses the pure layers, not the site's"
        : undefined,
  },
  {
    name: "src/course",
    owns: (p) => inside(p, "src/course"),
    breaks: (i) =>
      inside(i.target, "src/course", "src/sim", "src/format") || isPackage(i.target)
        ? undefined
        : "src/course: src/sim and src/format only",
  },
  {
    name: "chapter numbers",
    owns: (p) => inside(p, "content") && p.endsWith("/numbers.ts"),
    breaks: (i) =>
      inside(i.target, "src/sim", "src/format") ? undefined : "a chapter's numbers come from src/sim and src/format",
  },
  {
    name: "chapter pages",
    owns: (p) => /^content\/chapters\/[^/]+\/index\.mdx$/.test(p),
    breaks: (i) => {
      if (inside(i.target, "src/components", "src/course", "src/format")) return undefined;
      // Its own folder: numbers.ts, and its playgrounds as text (`?raw`).
      const own = dirname(i.from);
      if (i.target === `${own}/numbers.ts` || (dirname(i.target) === own && i.specifier.endsWith(".play.ts?raw")))
        return undefined;
      return "a chapter page: components, src/course, src/format, its own numbers.ts and playgrounds";
    },
  },
  {
    name: "bench",
    owns: (p) => inside(p, "bench"),
    breaks: (i) =>
      inside(i.target, "tests") ? "bench measures the product: never tests/ (shared tooling is in tools/)" : undefined,
  },
  {
    name: "scripts",
    owns: (p) => inside(p, "scripts"),
    breaks: (i) =>
      inside(i.target, "tests") ? "scripts never import tests/ (shared tooling is in tools/)" : undefined,
  },
  {
    name: "tools",
    owns: (p) => inside(p, "tools"),
    breaks: (i) =>
      inside(i.target, "tools") ||
      i.target === "src/integrations/out-dir.ts" ||
      isNode(i.target) ||
      ["playwright-core", "parse5"].includes(i.target)
        ? undefined
        : "tools: src/integrations/out-dir.ts, playwright-core, parse5 and Node",
  },
  {
    name: "components and pages",
    owns: (p) => inside(p, "src/components", "src/pages"),
    breaks: (i) =>
      inside(i.target, "content")
        ? "components and pages render chapter data from src/ (src/course, src/sim), not from a chapter's folder"
        : undefined,
  },
  {
    name: "playground programs",
    owns: (p) => p.endsWith(".play.ts"),
    breaks: (i) => (i.target === "course" ? undefined : 'a playground program imports "course" only'),
  },
];

describe("import boundaries (docs/ARCHITECTURE.md, 'may import')", () => {
  test("the reader finds the imports it must judge", () => {
    // A reader that found nothing would pass every rule; these edges exist and must be seen.
    const seen = (from: string, target: string) => sourceImports.some((i) => i.from === from && i.target === target);
    expect(seen("src/grader/check-run.ts", "src/playground/protocol.ts")).toBe(true);
    expect(seen("src/prelude/library.ts", "src/grader/checks.ts")).toBe(true);
    expect(sourceImports.filter((i) => i.from.endsWith(".play.ts")).length).toBeGreaterThan(10);
    expect(sourceImports.some((i) => i.from.startsWith("src/widgets/") && i.typeOnly)).toBe(true);
    expect(sourceImports.length).toBeGreaterThan(500);
    // An MDX import written over several lines is read whole (the workshop kit has one).
    expect(seen("content/chapters/workshop-kit/index.mdx", "src/course/workshop/agenda.ts")).toBe(true);
  });

  for (const layer of layers) {
    test(`${layer.name} imports only what its row allows`, () => {
      expect(
        files.some((f) => layer.owns(relative(root, f))),
        `no files in ${layer.name}`,
      ).toBe(true);
      const owned = sourceImports.filter((i) => layer.owns(i.from));
      const broken = owned.flatMap((i) => {
        const reason = layer.breaks(i);
        return reason === undefined ? [] : [`${i.from}: import "${i.specifier}" (${reason})`];
      });
      expect(broken).toEqual([]);
    });
  }

  test("nothing outside the site's own layers imports a page or a component", () => {
    const site = ["src/components", "src/pages"];
    const broken = sourceImports
      .filter((i) => inside(i.target, ...site) && !inside(i.from, ...site, "content") && !isPackage(i.target))
      .filter((i) => !(i.from === "src/content.config.ts"))
      .map((i) => `${i.from}: import "${i.specifier}"`);
    expect(broken).toEqual([]);
  });
});
