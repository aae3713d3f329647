// A WebSocket stand-in for node's tests: the test opens, closes and answers each socket the
// code under test makes, and reads what it sent. Installed as `globalThis.WebSocket` (and a
// page's `location`) by `installFakeSockets()`.

export class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 3;

  /** Every socket made since `installFakeSockets()`, oldest first. */
  static made = [];

  constructor(url) {
    this.url = url;
    this.readyState = FakeSocket.CONNECTING;
    this.sent = [];
    this.listeners = { open: [], message: [], close: [] };
    FakeSocket.made.push(this);
  }

  addEventListener(type, listener) {
    this.listeners[type].push(listener);
  }

  send(text) {
    if (this.readyState !== FakeSocket.OPEN) throw new Error("send on a socket that is not open");
    this.sent.push(JSON.parse(text));
  }

  /** The page closes it: the close event comes later, as in a browser. */
  close() {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    queueMicrotask(() => this.fire("close", { code: 1000 }));
  }

  // What the test makes the server do:

  opened() {
    this.readyState = FakeSocket.OPEN;
    this.fire("open", {});
  }

  receive(message) {
    this.fire("message", { data: JSON.stringify(message) });
  }

  /** The server (or the network) closes it with `code`. */
  drop(code = 1012) {
    this.readyState = FakeSocket.CLOSED;
    this.fire("close", { code });
  }

  fire(type, event) {
    for (const listener of this.listeners[type]) listener(event);
  }
}

/** Make `new WebSocket(...)` a FakeSocket, on a page of http://arena.test. */
export function installFakeSockets() {
  FakeSocket.made = [];
  globalThis.WebSocket = FakeSocket;
  globalThis.location = { protocol: "http:", host: "arena.test" };
  return FakeSocket;
}
