// The one Node API a unit test uses (banks.test.ts reads data/banks.json); declared here rather than
// pulling all of @types/node into a browser project.
declare module "node:fs" {
  export function readFileSync(path: URL | string, encoding: "utf8"): string;
}
