"""What every page must be in every language and on every screen, checked the same way for all.

* **In the reader's language**: no visible text (or placeholder) is an English string the
  catalogues translate. The English strings come from the committed catalogues themselves
  (every msgid whose msgstr differs), so a string left untranslated on a page is caught
  whichever page or script shows it; one with placeholders matches as a pattern.
* **Nothing clipped, nothing overflowing**: the page never scrolls sideways; no visible
  element sticks out of the screen (unless inside something that scrolls); no element that
  hides its overflow has text cut off inside it, unless an ellipsis says so and the whole text
  is its title; no select shows its chosen option cut short.
* **No script error, no 5xx**: ``Watch`` records uncaught errors and server failures from the
  moment it is made.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from playwright.sync_api import Page, Response

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "id", "ja")
#: The browser's locale per language: its Accept-Language and navigator.language.
BROWSER_LOCALE = {"en": "en-US", "id": "id-ID", "ja": "ja-JP"}
DEVICES: dict[str, dict] = {
    "desktop": {"viewport": (1280, 800)},
    "phone": {"viewport": (390, 844), "touch": True},
}
CATALOGUES = (
    "games/locale/{}/LC_MESSAGES/django.po",
    "web/locale/{}/LC_MESSAGES/django.po",
    "leagues/locale/{}/LC_MESSAGES/django.po",
)
CATALOGUES_JS = ("web/locale/{}/LC_MESSAGES/djangojs.po",)
PLACEHOLDER = re.compile(r"%(?:\(\w+\))?[sdr]")


def _entries(po: Path) -> list[tuple[str, str]]:
    """(msgid, msgstr) of a catalogue written with --no-wrap (plural forms: the singular)."""
    text = po.read_text(encoding="utf-8")
    found = re.findall(
        r'^msgid (".*")\n(?:msgid_plural ".*"\n)?msgstr(?:\[0\])? (".*")$', text, flags=re.M
    )
    return [(json.loads(msgid), json.loads(msgstr)) for msgid, msgstr in found if msgid != '""']


@dataclass(frozen=True)
class English:
    """The English strings a language translates: exact texts, and patterns of templates."""

    texts: frozenset[str]
    patterns: tuple[re.Pattern[str], ...]

    def finds(self, text: str) -> bool:
        return text in self.texts or any(pattern.fullmatch(text) for pattern in self.patterns)


@cache
def translated_english(language: str) -> English:
    texts: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    for template in (*CATALOGUES, *CATALOGUES_JS):
        for msgid, msgstr in _entries(ROOT / template.format(language)):
            if not msgstr or msgstr == msgid or not re.search(r"[A-Za-z]{3}", msgid):
                continue  # the same in both languages (a name, a code), or no English word
            words = msgid.strip()
            if PLACEHOLDER.search(words):
                pieces = [re.escape(piece.strip()) for piece in PLACEHOLDER.split(words)]
                if sum(len(piece) for piece in pieces) >= 8:  # enough English to tell
                    patterns.append(re.compile(r"\s*.+?\s*".join(pieces)))
            else:
                texts.add(words)
    return English(frozenset(texts), tuple(patterns))


#: Every visible text on the page (a text node's, trimmed, and every placeholder).
VISIBLE_TEXTS = """() => {
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.replace(/\\s+/g, " ").trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest("script, style, template, noscript")) continue;
    if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    const box = parent.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;  // visually hidden (screen readers only)
    texts.push(text);
  }
  for (const input of document.querySelectorAll("[placeholder]")) {
    if (input.checkVisibility()) texts.push(input.placeholder.trim());
  }
  return texts;
}"""


def english_left(page: Page, language: str) -> list[str]:
    """The visible texts of ``page`` still in English although ``language`` translates them."""
    if language == "en":
        return []
    english = translated_english(language)
    return sorted({text for text in page.evaluate(VISIBLE_TEXTS) if english.finds(text)})


#: Elements that stick out of the screen or cut their own text off; each described.
OVERFLOWS = """() => {
  const width = document.documentElement.clientWidth;
  const problems = [];
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    (el.classList.length ? "." + [...el.classList].join(".") : "");
  const scrolls = (el) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (/auto|scroll/.test(style.overflowX + style.overflowY)) return true;
    }
    return false;
  };
  if (document.documentElement.scrollWidth > width) {
    problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
  }
  for (const el of document.body.querySelectorAll("*")) {
    if (!el.checkVisibility({ checkVisibilityCSS: true })) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    if ((box.left < -1 || box.right > width + 1) && !scrolls(el)) {
      problems.push(`${name(el)} sticks out: ${Math.round(box.left)}..${Math.round(box.right)}`);
    }
    const style = getComputedStyle(el);
    const hides = /hidden|clip/.test(style.overflowX + style.overflowY);
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    // An ellipsis says it shortened the text; the whole of it must then be at hand (a title).
    const told = style.textOverflow === "ellipsis" && el.title === el.textContent.trim();
    if (hides && text && !told &&
        (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) {
      problems.push(`${name(el)} cuts its text off: ${el.scrollWidth}x${el.scrollHeight} in ` +
        `${el.clientWidth}x${el.clientHeight}: ${el.textContent.trim().slice(0, 120)}`);
    }
  }
  // A closed select shows its chosen option alone: cut short ("Bahasa I"), nothing says so.
  for (const select of document.body.querySelectorAll("select")) {
    if (!select.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    const chosen = select.selectedOptions[0];
    if (!chosen) continue;
    const probe = select.cloneNode(false);
    probe.removeAttribute("id");
    probe.append(chosen.cloneNode(true));
    probe.style.cssText = "position:absolute;visibility:hidden;width:auto;max-width:none";
    select.after(probe);
    const needs = probe.getBoundingClientRect().width;
    probe.remove();
    if (needs > select.getBoundingClientRect().width + 1) {
      problems.push(`${name(select)} cuts its choice off: ${Math.round(needs)} px in ` +
        `${Math.round(select.getBoundingClientRect().width)}: ${chosen.textContent.trim()}`);
    }
  }
  return problems;
}"""


def overflows(page: Page) -> list[str]:
    """What sticks out of the screen or is cut off on ``page`` as it is now."""
    return list(page.evaluate(OVERFLOWS))


@dataclass
class Watch:
    """Script errors and 5xx answers of a page from now on."""

    page: Page
    errors: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("response", self._answered)

    def _answered(self, response: Response) -> None:
        if response.status >= 500:
            self.failures.append(f"{response.status} {response.request.method} {response.url}")

    def check(self, language: str, what: str) -> None:
        """The page as it is now: in ``language``, nothing overflowing, no error so far."""
        left = english_left(self.page, language)
        assert not left, f"{what}: English left on a page in {language}: {left}"
        cut = overflows(self.page)
        assert not cut, f"{what}: {cut}"
        assert not self.errors, f"{what}: script errors {self.errors}"
        assert not self.failures, f"{what}: server failures {self.failures}"
