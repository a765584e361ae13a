// The shapes of the API's answers and bodies, a file per entity (issue 37).
export type * from "./account";
export type * from "./second-factor";
export type * from "./wallet";
export type * from "./prices";
export type * from "./limits";
export type * from "./gold";
export type * from "./chat";
export type * from "./shop";
export type * from "./server";
export type * from "./vault";
export type * from "./reserve";
export type * from "./notifications";
export type * from "./counter";
export type * from "./stock";
export type * from "./price-feed";
