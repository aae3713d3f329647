"""What a signal's flag keeps as evidence, and how staff read it.

A flag is a question for a person, so it carries what was measured, not a score: for
``clairvoyant`` and an ``engine_like`` raised on strength, the line's standing beside the
table-view player's runs on the same deal (every run's result, the threshold it was held to,
the solver's par; for ``clairvoyant``, the telling moves that showed it knew the face-down
cards); for ``bot_like``, the think-time figures and their thresholds (``fairplay.timing``);
for an ``engine_like`` raised by the worker's judge, its agreement and think-time figures
and the account's (``fairplay.engine_like``). All are kept as JSON on the flag;
``evidence_words`` says them in a sentence for the review page and the API.
"""

from typing import Any

from django.utils.translation import gettext

from engine.table_player.engine_like import STATISTIC as ENGINE_STATISTIC
from engine.table_player.par import WEIGHT_ALONE, Judgement, TablePar
from fairplay.models import Flag


def key_json(key: tuple[int, int] | None) -> dict[str, int] | None:
    return None if key is None else {"cards": key[0], "actions": key[1]}


def clairvoyance_evidence(
    par: TablePar, judgement: Judgement, *, cards: int, actions: int
) -> dict[str, Any]:
    """The line against the table-view player's runs on its deal, for the flag."""
    won = sorted(run_actions for run_cards, run_actions in par.runs if run_cards == 52)
    best = min(par.runs, key=lambda run: (-run[0], run[1])) if par.runs else None
    return {
        "line": {"cards": cards, "actions": actions},
        "threshold": key_json(par.threshold),
        "borderline": key_json(par.borderline),
        "table": {
            "runs": len(par.runs),
            "won": len(won),
            "median_actions": par.median_actions,
            "won_actions": won,
            "best": key_json(best),
        },
        "solver_actions": par.solver_actions,
        "statistic": judgement.evidence,
    }


def evidence_words(reason: str, evidence: Any) -> str:
    """A signal's evidence in a sentence, for staff ("" for a link: it is listed instead)."""
    if reason == Flag.Reason.CLAIRVOYANT:
        return clairvoyance_words(evidence)
    if reason == Flag.Reason.BOT_LIKE:
        return timing_words(evidence)
    if reason == Flag.Reason.PROVISIONAL:
        return gettext(
            "The account's ranked days so far: %(days)s; its first %(provisional)s are"
            " provisional, and this entry stands in the board's top %(top)s."
        ) % {
            "days": evidence["ranked_days"],
            "provisional": evidence["provisional_days"],
            "top": evidence["top"],
        }
    if reason == Flag.Reason.ENGINE_LIKE:
        if evidence.get("statistic") == ENGINE_STATISTIC:
            return engine_like_words(evidence)
        return clairvoyance_words(evidence)  # strength: the line beside the table runs
    return ""


def clairvoyance_words(evidence: dict[str, Any]) -> str:
    words = key_words(evidence)
    statistic = evidence.get("statistic") or {}
    idle = statistic.get("idle") or 0
    if idle:
        words += " " + gettext(
            "%(idle)s of its actions went round loops that came back to a position and showed"
            " no new card: it is judged on the %(played)s it played."
        ) % {"idle": idle, "played": evidence["line"]["actions"] - idle}
    telling = statistic.get("telling")
    if telling:
        words += " " + gettext(
            "Its moves, beside a player who sees only the table: %(against)s went against the"
            " table's choice; %(telling)s of them won where that choice was proven lost,"
            " weighing %(weight)s (held from %(alone)s whatever the line's length)."
        ) % {
            "against": telling["against"],
            "telling": telling["telling"],
            "weight": telling["weight"],
            "alone": WEIGHT_ALONE,
        }
    return words


def key_words(evidence: dict[str, Any]) -> str:
    table, line, threshold = evidence["table"], evidence["line"], evidence["threshold"] or {}
    best = table["best"] or {"cards": 0, "actions": 0}
    return gettext(
        "This line: %(cards)s cards home in %(actions)s actions. The table-view player on this"
        " deal, %(runs)s runs: %(won)s won, median %(median)s actions, best %(best_cards)s"
        " cards in %(best_actions)s actions. Held when better than %(t_cards)s cards in"
        " %(t_actions)s actions; the solver, knowing every card: %(solver)s actions."
    ) % {
        "cards": line["cards"],
        "actions": line["actions"],
        "runs": table["runs"],
        "won": table["won"],
        "median": table["median_actions"] if table["median_actions"] is not None else "-",
        "best_cards": best["cards"],
        "best_actions": best["actions"],
        "t_cards": threshold.get("cards", "-"),
        "t_actions": threshold.get("actions", "-"),
        "solver": evidence["solver_actions"] if evidence["solver_actions"] is not None else "-",
    }


def timing_words(evidence: dict[str, Any]) -> str:
    return gettext(
        "Think times over %(n)s actions: median %(median)s s, variation (standard deviation"
        " over mean) %(cv)s, where a person's is rarely below %(flat)s; fastest %(window)s"
        " actions in a row: median %(fastest)s s (below %(fast)s s is no hand's)."
    ) % {
        "n": evidence["think_times"],
        "median": evidence["median_seconds"],
        "cv": evidence["cv"],
        "flat": evidence["thresholds"]["flat_cv_below"],
        "window": evidence["thresholds"]["min_actions"],
        "fastest": evidence["fastest_median_seconds"],
        "fast": evidence["thresholds"]["fast_median_below_seconds"],
    }


def engine_like_words(evidence: dict[str, Any]) -> str:
    """The line's agreement and think-time figures, and the account's pooled ones (staff
    only: the owner is told what was measured, never the figures or thresholds)."""
    line, limits = evidence["figures"], evidence["thresholds"]
    account = evidence.get("account") or {}
    low, high = account.get("agreement_interval") or [None, None]
    return gettext(
        "Where the choice mattered (%(matters)s decisions), this line took an engine's move"
        " %(agreed)s times (the table-view judge's alone: %(table)s); held from a share of"
        " %(agree_hold)s. Its think times against each decision's difficulty: rank correlation"
        " %(rho)s (a hand's is positive; held at %(rho_hold)s or below). The account, over"
        " %(lines)s judged lines: %(account_agreed)s of %(account_matters)s, share between"
        " %(low)s and %(high)s; correlation %(account_rho)s."
    ) % {
        "matters": line["matters"],
        "agreed": line["agreed"],
        "table": line["table_agreed"],
        "agree_hold": limits["agree_hold"],
        "rho": line["rho"] if line["rho"] is not None else "-",
        "rho_hold": limits["rho_hold"],
        "lines": account.get("lines", 0),
        "account_agreed": account.get("agreed", 0),
        "account_matters": account.get("matters", 0),
        "low": low if low is not None else "-",
        "high": high if high is not None else "-",
        "account_rho": account.get("rho") if account.get("rho") is not None else "-",
    }


def evidence_strength(reason: str, evidence: Any) -> float:
    """How far a flag's evidence is past the line that holds it, 1.0 at that line (more is
    stronger): the staff page's order. Each signal in its own measure: the key, the line's
    actions against the threshold's (cards, for a lost line); telling moves, their weight
    against ``WEIGHT_ALONE``; the engine judge, the nearer of agreement over its floor and
    (1 - rho) over (1 - its ceiling); timing, the flatter or faster of the two against their
    floors; a link, how many other games it names."""
    if reason == Flag.Reason.LINKED:
        return float(len(evidence or []))
    if reason == Flag.Reason.PROVISIONAL:
        return 0.5  # no evidence against the line: a new account where it pays to look
    if reason == Flag.Reason.BOT_LIKE:
        limits = evidence["thresholds"]
        flat = limits["flat_cv_below"] / max(evidence["cv"], 1e-6)
        fast = limits["fast_median_below_seconds"] / max(evidence["fastest_median_seconds"], 1e-6)
        return max(flat, fast)
    if evidence.get("statistic") == ENGINE_STATISTIC:
        line, limits = evidence["figures"], evidence["thresholds"]
        if not line["matters"] or line["rho"] is None:
            return 0.0
        agreement = line["agreed"] / line["matters"]
        return min(
            agreement / limits["agree_hold"], (1 - line["rho"]) / max(1e-6, 1 - limits["rho_hold"])
        )
    statistic = evidence.get("statistic") or {}
    telling = statistic.get("telling") or {}
    weight = float(telling.get("weight") or 0.0) / WEIGHT_ALONE
    threshold, line = evidence.get("threshold"), evidence["line"]
    key = 0.0
    if threshold:
        if line["cards"] == 52 and threshold["cards"] == 52:
            key = threshold["actions"] / max(1, line["actions"] - int(statistic.get("idle") or 0))
        else:
            key = line["cards"] / max(1, threshold["cards"])
    return max(key, weight)
