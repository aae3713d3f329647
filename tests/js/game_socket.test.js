import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it, mock } from "node:test";

import { ApiError } from "../../web/static/web/js/api.js";
import { GameSocket, GIVE_UP_MS, RESEND_MS, sendMove } from "../../web/static/web/js/game_socket.js";
import { Backoff } from "../../web/static/web/js/reconnect.js";
import { installFakeSockets } from "./fake_socket.js";

const ANSWER = { id: 7, seq: 1, state: {}, action: { seq: 1, token: "draw" } };

describe("GameSocket", () => {
  let sockets;
  let live;
  let game;
  beforeEach(() => {
    sockets = installFakeSockets();
    mock.timers.enable({ apis: ["setTimeout", "Date"] });
    live = [];
    game = new GameSocket(7, { onMessage: (message) => live.push(message) });
    game.link.backoff = new Backoff({ random: () => 0.5 }); // no jitter: the test knows when
    game.start();
  });
  afterEach(() => {
    game.stop();
    mock.timers.reset();
  });

  const server = () => sockets.made.at(-1);

  it("plays nothing while its socket is not open: the table uses REST", () => {
    assert.equal(sockets.made[0].url, "ws://arena.test/ws/games/7/");
    assert.equal(game.move({ seq: 1, action: "draw" }), null);
  });

  it("sends a move and answers with its ack, less the type: REST's answer", async () => {
    server().opened();
    const answer = game.move({ seq: 1, action: "draw" });
    assert.deepEqual(server().sent, [{ type: "move", seq: 1, action: "draw" }]);
    assert.equal(game.move({ seq: 2, action: "draw" }), null); // one move out at a time
    server().receive({ type: "ack", ...ANSWER });
    assert.deepEqual(await answer, ANSWER);
  });

  it("rejects a refused move with the error REST would have thrown", async () => {
    server().opened();
    const answer = game.move({ seq: 1, tap: "7H", double_click: true });
    server().receive({ type: "refused", seq: 1, status: 409, error: { error: "stale_seq", detail: "moved on" } });
    await assert.rejects(answer, (error) => error instanceof ApiError && error.status === 409 && error.code === "stale_seq");
  });

  it("hands on the live messages, and no ack or refusal of another move", async () => {
    server().opened();
    const answer = game.move({ seq: 2, action: "draw" });
    server().receive({ type: "state", seq: 1 });
    server().receive({ type: "ack", ...ANSWER }); // an old move's ack, resent
    server().receive({ type: "refused", seq: 9, status: 400, error: {} });
    server().receive({ type: "action", seq: 2 });
    assert.deepEqual(live, [{ type: "state", seq: 1 }, { type: "action", seq: 2 }]);
    server().receive({ type: "ack", ...ANSWER, seq: 2, action: { seq: 2 } });
    assert.equal((await answer).seq, 2);
  });

  it("sends a move again when no answer came within RESEND_MS, and takes one ack", async () => {
    server().opened();
    const answer = game.move({ seq: 1, action: "draw" });
    mock.timers.tick(RESEND_MS - 1);
    assert.equal(server().sent.length, 1);
    mock.timers.tick(1);
    assert.equal(server().sent.length, 2);
    assert.deepEqual(server().sent[0], server().sent[1]);
    server().receive({ type: "ack", ...ANSWER });
    server().receive({ type: "ack", ...ANSWER }); // the resend's ack: nothing pending, dropped
    assert.deepEqual(await answer, ANSWER);
    mock.timers.tick(RESEND_MS * 4);
    assert.equal(server().sent.length, 2);
  });

  it("sends a move lost with its socket again on the next one", async () => {
    server().opened();
    const answer = game.move({ seq: 1, action: "draw" });
    server().drop(1012);
    assert.equal(game.open, false);
    mock.timers.tick(1000); // reconnect.js's first delay
    assert.equal(sockets.made.length, 2);
    server().opened();
    assert.deepEqual(server().sent, [{ type: "move", seq: 1, action: "draw" }]);
    server().receive({ type: "ack", ...ANSWER });
    assert.deepEqual(await answer, ANSWER);
  });

  it("gives a move up (null: the table goes to REST) when its socket stays down", async () => {
    server().opened();
    const answer = game.move({ seq: 1, action: "draw" });
    server().drop(1012);
    for (let waited = 0; waited <= GIVE_UP_MS + RESEND_MS; waited += 500) {
      mock.timers.tick(500);
      if (sockets.made.length > 1 && server().readyState === 0) server().drop(1006); // still down
    }
    assert.equal(await answer, null);
  });

  it("gives a move up at once when the server refuses the game, and plays no more", async () => {
    server().opened();
    const answer = game.move({ seq: 1, action: "draw" });
    server().drop(4404);
    assert.equal(await answer, null);
    mock.timers.tick(60_000);
    assert.equal(sockets.made.length, 1);
    assert.equal(game.move({ seq: 1, action: "draw" }), null);
  });
});

/** A REST client that answers from `answers` (a value, or an ApiError to throw), by call. */
function fakeRest(answers) {
  const calls = [];
  const rest = async (method, path, body) => {
    calls.push(body === undefined ? [method, path] : [method, path, body]);
    const answer = answers[`${method} ${path}`];
    if (answer instanceof ApiError) throw answer;
    return answer;
  };
  return { rest, calls };
}

/** A socket that answers every move with `answer` (a value, null, or an ApiError). */
const socketAnswering = (answer) => ({
  move: () => (answer instanceof ApiError ? Promise.reject(answer) : Promise.resolve(answer)),
});

const MOVE = { seq: 3, action: "draw" };
const POST = "POST /api/games/7/actions/";
const GET = "GET /api/games/7/";
const refusal = (status, code) => new ApiError(status, { error: code });

describe("sendMove", () => {
  it("uses the socket's ack, with no REST call", async () => {
    const { rest, calls } = fakeRest({});
    assert.deepEqual(await sendMove(7, MOVE, { socket: socketAnswering(ANSWER), rest }), ANSWER);
    assert.deepEqual(calls, []);
  });

  it("goes over REST with no socket, or one that is not open", async () => {
    for (const socket of [null, { move: () => null }]) {
      const { rest, calls } = fakeRest({ [POST]: ANSWER });
      assert.deepEqual(await sendMove(7, MOVE, { socket, rest }), ANSWER);
      assert.deepEqual(calls, [["POST", "/api/games/7/actions/", MOVE]]);
    }
  });

  it("reads the game when the socket was lost after it may have delivered the move", async () => {
    const { rest, calls } = fakeRest({ [POST]: refusal(409, "stale_seq"), [GET]: ANSWER });
    assert.deepEqual(await sendMove(7, MOVE, { socket: socketAnswering(null), rest }), ANSWER);
    assert.deepEqual(calls.map(([method]) => method), ["POST", "GET"]);
  });

  it("calls a stale seq stale when no socket could have delivered the move", async () => {
    const { rest } = fakeRest({ [POST]: refusal(409, "stale_seq") });
    await assert.rejects(sendMove(7, MOVE, { socket: null, rest }), (error) => error.code === "stale_seq");
  });

  it("goes over REST, and says so, when the socket's player is not the session's any more", async () => {
    for (const code of ["not_owner", "not_your_game", "player_gone"]) {
      const { rest, calls } = fakeRest({ [POST]: ANSWER });
      let stale = 0;
      const answer = await sendMove(7, MOVE, { socket: socketAnswering(refusal(403, code)), rest, onStalePlayer: () => { stale += 1; } });
      assert.deepEqual(answer, ANSWER);
      assert.equal(stale, 1);
      assert.equal(calls.length, 1);
    }
  });

  it("passes any other refusal on, with no REST call", async () => {
    const { rest, calls } = fakeRest({});
    await assert.rejects(
      sendMove(7, MOVE, { socket: socketAnswering(refusal(400, "illegal_action")), rest }),
      (error) => error.code === "illegal_action",
    );
    assert.deepEqual(calls, []);
  });
});
