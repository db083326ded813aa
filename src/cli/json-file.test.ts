/**
 * The store of a JSON file the terminal owns, on a file of its own here ({ version: 1, names: [...] }):
 * its rules, whatever the file. A failing disk is a file system that throws where it is told to
 * (the store's `fs`), as the lock's tests pass a pretend clock. (The words of each real file:
 * progress-file.test.ts, review-session.test.ts, variant-answers.test.ts.)
 */
import * as fs from "node:fs";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { ReportedError, UsageError } from "./args.ts";
import { type FileSystem, jsonFile, type Reading } from "./json-file.ts";

const scratch = mkdtempSync(join(tmpdir(), "blast-radius-json-file-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Names, one per string in `names`; anything else in it is named by its place and not read. */
function reader(text: string): Reading<string[]> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, warning: (shown, copy) => [`${shown} is broken; kept as ${copy}`] };
  }
  const names = (value as { names?: unknown }).names;
  if (!Array.isArray(names))
    return { ok: false, warning: (shown, copy) => [`${shown} holds no names; kept as ${copy}`] };
  const lossy = names.flatMap((name, i) => (typeof name === "string" ? [] : [String(i)]));
  return {
    ok: true,
    value: names.filter((name) => typeof name === "string"),
    warning: lossy.length ? (shown, copy) => [`${shown} lost ${lossy.join(", ")}`, `kept as ${copy}`] : undefined,
  };
}

const at = new Date("2026-11-30T07:45:12.000Z");
const copyName = "names.unreadable-20261130-074512.json";
let homes = 0;
/** A fresh folder, the store of names.json in it, and what it warned. */
function setUp(fileSystem: FileSystem = fs) {
  const dir = join(scratch, `home-${++homes}`);
  mkdirSync(dir);
  const file = join(dir, "names.json");
  const warned: string[] = [];
  const store = jsonFile<string[]>(file, {
    cwd: dir,
    warn: (text) => void warned.push(text),
    now: () => at,
    fs: fileSystem,
    empty: () => [],
    reader,
    json: (names) => (names.length ? { version: 1, names } : undefined),
    words: { holds: "the names" },
  });
  const files = () => readdirSync(dir).sort();
  return { dir, file, store, warned, files };
}

const add = (name: string) => (names: string[]) => void names.push(name);

test("a file that is not there reads as empty, and reading it makes none", () => {
  const { store, files } = setUp();
  expect(store.read()).toEqual([]);
  expect(files()).toEqual([]);
  store.update(add("ada"));
  expect(store.read()).toEqual(["ada"]);
  expect(files()).toEqual(["names.json"]);
});

test("an unreadable file is kept once, said once, and reads as empty; the next write replaces it", () => {
  const { dir, file, store, warned, files } = setUp();
  writeFileSync(file, "{ broken");
  expect(store.read()).toEqual([]);
  expect(store.read()).toEqual([]);
  store.update(add("ada"));
  expect(warned).toEqual([`names.json is broken; kept as ${copyName}\n`]);
  expect(files()).toEqual(["names.json", copyName]);
  expect(readFileSync(join(dir, copyName), "utf8")).toBe("{ broken");
  expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ version: 1, names: ["ada"] });
  // Another unreadable text at the same second is another copy, said too.
  writeFileSync(file, "{ broken again");
  store.read();
  expect(warned.at(-1)).toBe("names.json is broken; kept as names.unreadable-20261130-074512-2.json\n");
  expect(files()).toEqual(["names.json", "names.unreadable-20261130-074512-2.json", copyName]);
});

test("a file read in part is kept and said as soon as it is read, and written back with what could be read", () => {
  const { dir, file, store, warned } = setUp();
  const partly = JSON.stringify({ version: 1, names: ["ada", 7] });
  writeFileSync(file, partly);
  expect(store.read()).toEqual(["ada"]);
  expect(warned).toEqual([`names.json lost 1\nkept as ${copyName}\n`]);
  store.update(add("bob"));
  expect(warned).toHaveLength(1);
  expect(readFileSync(join(dir, copyName), "utf8")).toBe(partly);
  expect(JSON.parse(readFileSync(file, "utf8")).names).toEqual(["ada", "bob"]);
});

test("a file made unreadable between the read and the write is kept before it is written over, and said", () => {
  const { dir, file, store, warned, files } = setUp();
  store.update(add("ada"));
  store.update((names) => {
    writeFileSync(file, "{ another command's edit");
    names.push("bob");
  });
  expect(warned).toEqual([`names.json is broken; kept as ${copyName}\n`]);
  expect(readFileSync(join(dir, copyName), "utf8")).toBe("{ another command's edit");
  expect(files()).toEqual(["names.json", copyName]);
});

test("nothing left to keep removes the file, after keeping a copy of one that cannot be read", () => {
  const { file, store, files } = setUp();
  writeFileSync(file, "{ broken");
  store.update((names) => void names.splice(0));
  expect(files()).toEqual([copyName]);
});

test("a copy that cannot be made: nothing is written, nothing is said, and the error says so", () => {
  const noCopies: FileSystem = {
    ...fs,
    writeFileSync(path, data, options) {
      if (String(path).includes(".unreadable-")) throw new Error("ENOSPC: no space left on device");
      fs.writeFileSync(path, data, options);
    },
  };
  for (const text of ["{ broken", JSON.stringify({ version: 1, names: [7] })]) {
    const { file, store, warned, files } = setUp(noCopies);
    writeFileSync(file, text);
    let changed = false;
    expect(() =>
      store.update(() => {
        changed = true;
      }),
    ).toThrow(
      new ReportedError(
        "names.json could not be read, and a copy of it could not be saved (ENOSPC: no space left on device), so nothing was written. Repair or move it, then try again.",
      ),
    );
    expect(changed).toBe(false);
    expect(readFileSync(file, "utf8")).toBe(text);
    expect(files()).toEqual(["names.json"]);
    expect(warned).toEqual([]);
  }
});

test("a write that fails leaves the file as it was and no temporary file, and says so", () => {
  const failingRename: FileSystem = {
    ...fs,
    renameSync() {
      throw new Error("EIO: i/o error, rename");
    },
  };
  const { file, store, files } = setUp(failingRename);
  writeFileSync(file, JSON.stringify({ version: 1, names: ["ada"] }));
  expect(() => store.update(add("bob"))).toThrow(
    new ReportedError("the names could not be saved to names.json (EIO: i/o error, rename); the file is as it was"),
  );
  expect(files()).toEqual(["names.json"]);
  expect(JSON.parse(readFileSync(file, "utf8")).names).toEqual(["ada"]);
});

test("a file that is there but cannot be opened is an error naming it", () => {
  const { file, store } = setUp();
  mkdirSync(file);
  expect(() => store.read()).toThrow(
    new ReportedError("names.json could not be opened (EISDIR: illegal operation on a directory, read)"),
  );
});

test("a lock that cannot be made: nothing is read or written, and the error names the lock and what it guards", () => {
  const noLocks: FileSystem = {
    ...fs,
    openSync(path, flags, mode) {
      if (String(path).endsWith(".lock"))
        throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
      return fs.openSync(path, flags, mode);
    },
  };
  const { file, store, files } = setUp(noLocks);
  writeFileSync(file, JSON.stringify({ version: 1, names: ["ada"] }));
  let changed = false;
  expect(() =>
    store.update(() => {
      changed = true;
    }),
  ).toThrow(
    new UsageError(
      "the names could not be saved: names.json.lock could not be created: permission denied (EACCES); nothing was changed",
    ),
  );
  expect(changed).toBe(false);
  expect(files()).toEqual(["names.json"]);
});

test("a folder that cannot be made for the file and its lock: a usage error naming it, and nothing written", () => {
  const { dir } = setUp();
  writeFileSync(join(dir, "not-a-folder"), "");
  const store = jsonFile<string[]>(join(dir, "not-a-folder", "names.json"), {
    cwd: dir,
    warn: () => {},
    empty: () => [],
    reader,
    json: (names) => ({ version: 1, names }),
    words: { holds: "the names" },
  });
  expect(() => store.update(add("ada"))).toThrow(
    new UsageError(
      "the names cannot be kept in not-a-folder: it, or a folder above it, is a file where a folder is needed (EEXIST)",
    ),
  );
  expect(readdirSync(dir)).toEqual(["not-a-folder"]);
});
