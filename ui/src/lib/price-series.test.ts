import { describe, expect, it } from "vitest";
import { buildSeries, sparkLine, yRange } from "./price-series";

/** pairs reads a polyline's points back as numbers. */
const pairs = (points: string) => points.split(" ").map((p) => p.split(",").map(Number));

describe("sparkLine", () => {
  it("draws steps across the box: each price holds until the next change", () => {
    // an hour: 75 for the first half, 76 after it
    const { points, area, flat } = sparkLine({ xs: [0, 1800, 3600], ys: [75, 76, 76], real: 2 }, 100, 10);
    const [lo, hi] = yRange(75, 76);
    const y = (v: number) => Math.round((10 - ((v - lo) / (hi - lo)) * 10) * 100) / 100;
    expect(flat).toBe(false);
    expect(pairs(points)).toEqual([[0, y(75)], [50, y(75)], [50, y(76)], [100, y(76)]]);
    expect(area).toBe(`M0 ${y(75)}L50 ${y(75)}L50 ${y(76)}L100 ${y(76)}V10H0Z`);
  });
  it("draws a single price as a level line across the whole box, with two points", () => {
    // the shop's first price, set ten minutes ago: one API point and the end point added at now
    const now = 1_000_000;
    const data = buildSeries([{ price: "80000000", at: new Date((now - 600) * 1000).toISOString() }], { now, from: now - 86400 });
    const { points, area, flat } = sparkLine(data!, 300, 64);
    expect(flat).toBe(true);
    expect(pairs(points)).toEqual([[0, 32], [300, 32]]);
    expect(area).toBe("M0 32L300 32V64H0Z");
  });
  it("draws a price of one instant as a level line too, never as a dot", () => {
    const { points, flat } = sparkLine({ xs: [3600], ys: [80], real: 1 }, 100, 10);
    expect(flat).toBe(true);
    expect(pairs(points)).toEqual([[0, 5], [100, 5]]);
  });
  it("is flat whenever the price did not move, however many points say so", () => {
    expect(sparkLine({ xs: [0, 600, 3600], ys: [80, 80, 80], real: 2 }, 100, 10).flat).toBe(true);
  });
  it("keeps a move within one instant visible as a short stretch at the right edge", () => {
    const { points } = sparkLine({ xs: [3600, 3600], ys: [80, 81], real: 2 }, 100, 10);
    const xy = pairs(points);
    expect(xy[0][0]).toBe(96);
    expect(xy.every(([x]) => x >= 96 && x <= 100)).toBe(true);
    expect(xy[xy.length - 1][0]).toBe(100);
  });
  it("spreads a short day across the box: a shop's first minutes are its moves, not an empty hour", () => {
    const { points } = sparkLine({ xs: [3000, 3300, 3600], ys: [80, 81, 81], real: 2 }, 120, 10);
    const xy = pairs(points);
    expect(xy.map(([x]) => x)).toEqual([0, 60, 60, 120]);
  });
});
