import { describe, expect, it } from "vitest";
import { installKind, isIosSafari } from "./install";

const iphoneSafari =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const iphoneChrome =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1";
const android =
  "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

describe("install offer", () => {
  it("knows Safari on an iPhone from other iPhone browsers and from Android", () => {
    expect(isIosSafari(iphoneSafari)).toBe(true);
    expect(isIosSafari(iphoneChrome)).toBe(false);
    expect(isIosSafari(android)).toBe(false);
  });

  it("offers the browser's button where there is one, Safari's guide on an iPhone, else nothing", () => {
    expect(installKind(android, false, true, false)).toBe("prompt");
    expect(installKind(android, false, false, false)).toBe(null);
    expect(installKind(iphoneSafari, false, false, false)).toBe("ios-guide");
    expect(installKind(iphoneChrome, false, false, false)).toBe(null);
  });

  it("offers nothing inside the installed app or once dismissed", () => {
    expect(installKind(android, true, true, false)).toBe(null);
    expect(installKind(iphoneSafari, true, false, false)).toBe(null);
    expect(installKind(android, false, true, true)).toBe(null);
    expect(installKind(iphoneSafari, false, false, true)).toBe(null);
  });
});
