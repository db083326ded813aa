/** The part of subset-font's API that scripts/subset-math-font.ts uses (the package ships no types). */
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: "sfnt" | "woff" | "woff2"; preserveNameIds?: number[] },
  ): Promise<Buffer>;
}
