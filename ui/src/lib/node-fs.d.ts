// The Node APIs unit tests use (banks.test.ts reads data/banks.json, money.test.ts walks src/); declared here
// rather than pulling all of @types/node into a browser project.
declare module "node:fs" {
  export function readFileSync(path: URL | string, encoding: "utf8"): string;
  export function readdirSync(path: URL | string, options: { recursive: true }): string[];
}
