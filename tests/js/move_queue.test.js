import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { MoveQueue } from "../../web/static/web/js/table/move_queue.js";

/** A promise and its resolve/reject, to answer a queued call when the test says so. */
function deferred() {
  let resolve;
  let reject;
  const promise = new Promise((yes, no) => { resolve = yes; reject = no; });
  return { promise, resolve, reject };
}

const settled = () => new Promise((done) => setImmediate(done));

describe("MoveQueue", () => {
  it("runs one call at a time, in the order they came", async () => {
    const queue = new MoveQueue();
    const started = [];
    const answers = [deferred(), deferred(), deferred()];
    const results = answers.map((answer, index) => queue.run(() => {
      started.push(index);
      return answer.promise;
    }));
    await settled();
    assert.deepEqual(started, [0]);
    answers[0].resolve("first");
    await settled();
    assert.deepEqual(started, [0, 1]);
    answers[1].resolve("second");
    answers[2].resolve("third");
    assert.deepEqual(await Promise.all(results), ["first", "second", "third"]);
  });

  it("goes on after a call that failed, whose caller gets the failure", async () => {
    const queue = new MoveQueue();
    const failed = queue.run(() => Promise.reject(new Error("refused")));
    const next = queue.run(() => "played");
    await assert.rejects(failed, /refused/);
    assert.equal(await next, "played");
  });

  it("is busy from the first call queued until the last is answered", async () => {
    const told = [];
    const queue = new MoveQueue({ onBusy: (busy) => told.push(busy) });
    assert.equal(queue.busy, false);
    const first = deferred();
    queue.run(() => first.promise);
    const second = queue.run(() => "second");
    assert.equal(queue.busy, true);
    assert.equal(queue.pending, 2);
    first.resolve();
    await second;
    await settled();
    assert.equal(queue.busy, false);
    assert.deepEqual(told, [true, true, true, false]);
  });

  it("gives each call the state the calls before it left", async () => {
    // What the table relies on: a move reads the seq the last answer set.
    const queue = new MoveQueue();
    const game = { seq: 0 };
    const sent = [];
    const move = () => queue.run(async () => {
      sent.push(game.seq + 1);
      await settled();
      game.seq += 1;
    });
    await Promise.all([move(), move(), move()]);
    assert.deepEqual(sent, [1, 2, 3]);
  });
});
