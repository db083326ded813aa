// The one Starlight-internal virtual module our Search override imports (Starlight declares
// it in a file it does not expose to projects).
declare module "virtual:starlight/pagefind-config" {
  export const pagefindUserConfig: Record<string, unknown>;
}
