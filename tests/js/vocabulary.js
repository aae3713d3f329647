// The English of web/words.py's page vocabulary (engine/reasons.py), as a page gets it in its
// "words" JSON: what words.js reads on a page, handed to it in node's tests.
export const ENGLISH = {
  card: "the %(rank)s of %(suit)s",
  colours: { red: "red", black: "black" },
  need: { red: "a red %(rank)s", black: "a black %(rank)s" },
  ranks: {
    A: "ace", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", T: "10", J: "jack", Q: "queen", K: "king",
  },
  suits: { C: "clubs", D: "diamonds", H: "hearts", S: "spades" },
  reasons: {
    undo_limit: "There is nothing left to undo: only the last %(count)s actions can be undone.",
    block_too_tall: "Column %(column)s holds %(count)s cards: it has no block of %(block)s to move.",
    foundation_next: "%(card)s cannot go on the %(suit)s foundation: it needs %(target)s next.",
    column_same_colour: "%(card)s cannot go on %(target)s: both are %(colour)s; it needs %(need)s.",
    foundation_start: "%(card)s cannot start the %(suit)s foundation: it starts with %(target)s"
      + " (every foundation starts at the base card's rank, %(rank)s).",
  },
};
