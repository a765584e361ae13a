// The UI's rounding against the shop's shared worked examples (rules/testdata/money-rules.json), which the Go rules
// are checked against too: the preview a customer sees can never drift from what the server does.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { vazn750Mg } from "./abshodeh";
import { goldForRial, rialForGold } from "./trade";

type Vectors = {
  trade: { type: "buy" | "sell"; by: "rial" | "gold"; amount: string; price: string; rial: string; mg: string }[];
  vazn750: { vazn_mg: string; ayar_centi: string; vazn750_mg: string }[];
};

const vectors: Vectors = JSON.parse(readFileSync(new URL("../../../rules/testdata/money-rules.json", import.meta.url), "utf8"));

describe("shared money-rule vectors", () => {
  it("has cases", () => {
    expect(vectors.trade.length).toBeGreaterThan(100);
    expect(vectors.vazn750.length).toBeGreaterThan(30);
  });

  it("rounds every trade as the server does", () => {
    for (const c of vectors.trade) {
      const amount = BigInt(c.amount);
      const price = BigInt(c.price);
      const got =
        c.by === "rial"
          ? { rial: amount, mg: goldForRial(amount, price, c.type) }
          : { rial: rialForGold(amount, price, c.type), mg: amount };
      expect({ case: c, rial: got.rial.toString(), mg: got.mg.toString() }).toEqual({ case: c, rial: c.rial, mg: c.mg });
    }
  });

  it("computes every vazn750 as the server does", () => {
    for (const c of vectors.vazn750) {
      expect(vazn750Mg(BigInt(c.vazn_mg), BigInt(c.ayar_centi)).toString()).toBe(c.vazn750_mg);
    }
  });
});
