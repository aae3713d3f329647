// The table's queue: one call to the server at a time, in the order the player made them.
//
// Each action carries the seq of the one before it (a stale seq is refused), so a move must
// wait for the answer to the last; a hint or a resignation waits too, so it is for the
// position shown. No document here: node's tests import it.

export class MoveQueue {
  /** `onBusy(busy)` is told when the first call is queued and when the last one is answered. */
  constructor({ onBusy = () => {} } = {}) {
    this.onBusy = onBusy;
    this.tail = Promise.resolve();
    this.pending = 0; // calls queued and not answered yet
  }

  get busy() {
    return this.pending > 0;
  }

  /**
   * Run `task` once every call queued before it has settled; resolves (or rejects) as the task
   * does. A task that fails does not stop the ones after it.
   */
  run(task) {
    this.pending += 1;
    this.onBusy(true);
    const result = this.tail.then(task);
    this.tail = result.catch(() => false).finally(() => {
      this.pending -= 1;
      this.onBusy(this.busy);
    });
    return result;
  }
}
