/**
 * What `npm run bench` was asked to run: area words pick the bench files whose names hold them
 * (every file when none is given), `--json` prints rows as JSON, and `--pages=` and `--runs=`
 * are read by the per-page benchmarks (pages.ts). A word that names no benchmark, or an option
 * not known, is an error before anything is built or measured: `--pages /a/` (a space for the
 * "=") would otherwise have measured every page.
 */
export function benchArgs(
  args: readonly string[],
  benchFiles: readonly string[],
): { json: boolean; files: string[] } | { error: string } {
  const only = args.filter((a) => !a.startsWith("--"));
  const unknown = [
    ...args.filter((a) => a.startsWith("--") && !/^--(json|pages=.+|runs=.+)$/.test(a)),
    ...only.filter((o) => !benchFiles.some((f) => f.includes(o))),
  ];
  if (unknown.length > 0) {
    const areas = benchFiles.map((f) => f.replace(/\.bench\.ts$/, "")).sort();
    return {
      error:
        `not a benchmark or an option: ${unknown.map((a) => `"${a}"`).join(", ")}\n` +
        `  usage: npm run bench -- [area ...] [--json] [--pages=/a/,/b/] [--runs=N]\n` +
        `  areas: ${areas.join(", ")}`,
    };
  }
  const files = benchFiles.filter((f) => only.length === 0 || only.some((o) => f.includes(o))).sort();
  return { json: args.includes("--json"), files };
}
