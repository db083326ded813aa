/**
 * The source files under a folder, for checks that read the code itself (the import boundaries,
 * the one number formatter): TypeScript, Astro and MDX unless `names` says which, nested folders
 * included, leaving out node_modules and hidden folders; and each file split into its code and its template.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export function sourceFiles(dir: string, names = /\.(ts|mts|astro|mdx)$/, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, names, out);
    else if (names.test(name)) out.push(path);
  }
  return out;
}

/** Each line of `files` that `pattern` finds, as "file:line: text" (the text trimmed, cut at 80 characters). */
export function linesMatching(files: readonly string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 80)}`] : [])),
  );
}

/**
 * A file split into what TypeScript parses (a TypeScript file's text; an Astro file's frontmatter
 * and scripts; an MDX file's import and export blocks) and the rest, a template or MDX text whose
 * `{…}` expressions are code too. The template keeps the file's lines (what was taken is blanked),
 * so a line number in it is the file's.
 */
export function splitSource(file: string, text: string): { code: string; template: string } {
  if (file.endsWith(".astro")) {
    const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? "";
    const scripts = /<script\b[^>]*>([\s\S]*?)<\/script>/g;
    const code = [front, ...[...text.matchAll(scripts)].map((m) => m[1])].join("\n");
    return { code, template: text.replace(/^---\n[\s\S]*?\n---/, blank).replace(scripts, blank) };
  }
  if (file.endsWith(".mdx")) {
    // MDX's ESM: a statement that starts with `import` or `export` at a line's start, and the lines
    // after it while its braces are open, so an import written over several lines is whole.
    const lines = text.split("\n");
    let open = 0;
    const esm = lines.map((line) => {
      if (open <= 0 && !/^(import|export) /.test(line)) return false;
      open = Math.max(open, 0) + (line.match(/\{/g)?.length ?? 0) - (line.match(/\}/g)?.length ?? 0);
      return true;
    });
    return {
      code: lines.filter((_, i) => esm[i]).join("\n"),
      template: lines.map((line, i) => (esm[i] ? "" : line)).join("\n"),
    };
  }
  return { code: text, template: "" };
}

/** Text with every character but line breaks made a space: gone, with the lines kept. */
export function blank(text: string): string {
  return text.replace(/[^\n]/g, " ");
}
