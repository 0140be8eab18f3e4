// The clock's words and the seconds left in a hand, by the server's clock.
import assert from "node:assert/strict";
import { test } from "node:test";

import { clockOffset, secondsLeft } from "../../src/fivedice/web/js/clock.js";
import { clockText } from "../../src/fivedice/web/js/dom.js";

test("clock text is minutes and two-digit seconds, rounded up, never negative", () => {
  assert.equal(clockText(0), "0:00");
  assert.equal(clockText(59.2), "1:00");
  assert.equal(clockText(61), "1:01");
  assert.equal(clockText(600), "10:00");
  assert.equal(clockText(-5), "0:00");
});

test("the server's clock is this one plus the offset of the last message", () => {
  const serverTime = Date.now() / 1000 + 100;
  clockOffset.set(serverTime);
  assert.ok(Math.abs(clockOffset.now() - serverTime) < 1);
  clockOffset.set("not a time");
  assert.ok(Math.abs(clockOffset.now() - serverTime) < 1);
  clockOffset.set(Date.now() / 1000);
});

test("the running seat counts down to its deadline; the others show the whole hand", () => {
  clockOffset.set(Date.now() / 1000);
  const clock = { seat: 1, deadline: clockOffset.now() + 20, seconds_per_hand: 60 };
  const left = secondsLeft(clock, 1);
  assert.ok(left > 19 && left <= 20);
  assert.equal(secondsLeft(clock, 0), 60);
  assert.equal(secondsLeft({ ...clock, deadline: clockOffset.now() - 5 }, 1), 0);
  assert.equal(secondsLeft(null, 1), null);
});
