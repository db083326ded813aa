/**
 * Every playground as the built pages carry it. playground.test.ts clicks Run on one chapter's
 * playground and runs every other chapter's program, read from its page, with the runner that
 * click loaded; these checks are what lets that one page stand for the others: each page with a
 * playground loads the same playground script under the same Content-Security-Policy (the
 * inline scripts' hashes aside), starts each editor from the program's own .play.ts file (what
 * the terminal runs and the golden file records), and names each playground once.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { parse, type DefaultTreeAdapterMap } from "parse5";
import { expect, test } from "vitest";
import { assertBuiltUnder, attr, contentSecurityPolicy, distDir, textOf, walk } from "../../tools/built-site.ts";

const chapters = new URL("../../content/chapters/", import.meta.url).pathname;

/** Every `<name>.play.ts` of a chapter, as the page it belongs on and the playground's name. */
const programs = readdirSync(chapters, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".play.ts"))
  .map((f) => ({
    path: `/${f.slice(0, f.lastIndexOf("/") + 1)}`,
    name: f.slice(f.lastIndexOf("/") + 1, -".play.ts".length),
    file: f,
  }))
  .sort((a, b) => `${a.path}${a.name}`.localeCompare(`${b.path}${b.name}`));

interface PlaygroundPage {
  path: string;
  /** Every element id on the page, repeats included. */
  ids: string[];
  scripts: string[];
  policy: string;
  playgrounds: { name: string; id: string; original: string | undefined }[];
}

function readPage(file: string): PlaygroundPage {
  const rel = `/${relative(distDir, file).replace(/\\/g, "/")}`;
  const page: PlaygroundPage = {
    path: rel.endsWith("/index.html") ? rel.slice(0, -"index.html".length) : rel,
    ids: [],
    scripts: [],
    policy: "",
    playgrounds: [],
  };
  const doc = parse(readFileSync(file, "utf8"));
  page.policy = contentSecurityPolicy(doc) ?? "";
  walk(doc, (el) => {
    const id = attr(el, "id");
    if (id) page.ids.push(id);
    if (el.tagName === "script" && attr(el, "src")) page.scripts.push(attr(el, "src")!);
    if (attr(el, "data-playground") === undefined) return;
    // What mount.ts starts the editor from and runs: the text of the section's template.
    let original: string | undefined;
    walk(el, (inner) => {
      if (inner.tagName === "template" && attr(inner, "data-original") !== undefined)
        original = textOf((inner as DefaultTreeAdapterMap["template"]).content);
    });
    page.playgrounds.push({ name: attr(el, "data-name") ?? "", id: id ?? "", original });
  });
  return page;
}

assertBuiltUnder(distDir);
const pages = readdirSync(distDir, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".html") && !/^(_astro|pagefind)\//.test(f))
  .map((f) => join(distDir, f))
  .filter((file) => readFileSync(file, "utf8").includes("data-playground"))
  .map(readPage)
  .filter((page) => page.playgrounds.length > 0)
  .sort((a, b) => a.path.localeCompare(b.path));

test("the pages show exactly the chapters' playground programs, each on its chapter's page", () => {
  expect(programs.length).toBeGreaterThan(0);
  expect(pages.flatMap((page) => page.playgrounds.map(({ name }) => `${page.path}${name}`)).sort()).toEqual(
    programs.map(({ path, name }) => `${path}${name}`).sort(),
  );
});

test("each playground's editor starts from its .play.ts file, ended with one newline as the component ends it", () => {
  const byName = new Map(pages.flatMap((page) => page.playgrounds.map((p) => [`${page.path}${p.name}`, p.original])));
  expect(
    programs.map(({ path, name }) => ({ playground: `${path}${name}`, original: byName.get(`${path}${name}`) })),
  ).toEqual(
    programs.map(({ path, name, file }) => ({
      playground: `${path}${name}`,
      original: `${readFileSync(join(chapters, file), "utf8").replace(/\s+$/, "")}\n`,
    })),
  );
});

test("a playground's name is its page's only one, and so is its id", () => {
  const repeated = pages.flatMap((page) =>
    page.playgrounds
      .filter(({ name, id }) => id !== `playground-${name}` || page.ids.filter((i) => i === id).length !== 1)
      .map(
        ({ name, id }) => `${page.path}: ${name} (id ${id}, ${page.ids.filter((i) => i === id).length} on the page)`,
      ),
  );
  expect(repeated).toEqual([]);
});

test("every page with a playground loads the same playground script under the same policy", () => {
  const playgroundScript = /\/_astro\/Playground\.astro_[\w.-]+\.js$/;
  const scripts = pages.map((page) => ({
    page: page.path,
    scripts: page.scripts.filter((s) => playgroundScript.test(s)),
  }));
  const first = scripts[0]!.scripts;
  expect(first).toHaveLength(1);
  expect(scripts).toEqual(scripts.map(({ page }) => ({ page, scripts: first })));
  // The policy's inline-script hashes are each page's own; the rest is what a run depends on.
  const policies = pages.map((page) => ({ page: page.path, policy: page.policy.replace(/ 'sha256-[^']+'/g, "") }));
  expect(policies[0]!.policy).toMatch(/script-src 'self'.*worker-src 'self'/);
  expect(policies).toEqual(policies.map(({ page }) => ({ page, policy: policies[0]!.policy })));
});
