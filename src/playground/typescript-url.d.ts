// The address of TypeScript as a module of its own, given to the type-checker's worker by
// src/integrations/typescript-prebundle.ts (its `export default` is the `typescript` package).
declare module "virtual:blast-radius/typescript-url" {
  const url: string;
  export default url;
}
