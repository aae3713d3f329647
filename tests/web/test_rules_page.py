"""/rules/ says the rules of docs/rules.md, in the reader's language."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parents[2]
TITLES = {
    "en": "The rules of Canfield, as Canfield Arena plays them",
    "id": "Aturan Canfield, seperti yang dimainkan di Canfield Arena",
    "ja": "Canfield Arenaで遊ぶキャンフィールドのルール",
}


def _paragraphs(markdown: str) -> list[str]:
    """Headings, paragraphs and list items of the rules, as plain text (blockquotes are notes
    for the docs' readers, not rules)."""
    blocks: list[str] = []
    for block in re.split(r"\n\s*\n|\n(?=- )|\n(?=#)", markdown):
        text = block.strip()
        if not text or text.startswith(">"):
            continue
        text = re.sub(r"^#+ |^- ", "", text)
        text = re.sub(r"\*\*(.+?)\*\*|\*(.+?)\*", lambda m: m.group(1) or m.group(2), text)
        blocks.append(" ".join(text.split()))
    return blocks


def _page_text(client: Client, language: str) -> str:
    response = client.get("/rules/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    body = response.content.decode()
    main = body[body.index("<main") : body.index("</main>")]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", main)).split())


def test_the_english_page_says_every_sentence_of_docs_rules(client: Client) -> None:
    page = _page_text(client, "en")
    paragraphs = _paragraphs((ROOT / "docs/rules.md").read_text(encoding="utf-8"))
    assert len(paragraphs) > 20
    missing = [text for text in paragraphs if text not in page]
    assert not missing, f"docs/rules.md and /rules/ disagree: {missing}"


@pytest.mark.parametrize("language", ["en", "id", "ja"])
def test_the_rules_page_is_in_each_language(client: Client, language: str) -> None:
    response = client.get("/rules/", HTTP_ACCEPT_LANGUAGE=language)
    body = response.content.decode()
    assert f'<html lang="{language}">' in body
    assert f"<h1>{TITLES[language]}</h1>" in body
    sections = len(re.findall(r"^## ", (ROOT / "docs/rules.md").read_text(), flags=re.M))
    assert body.count("<h2>") == sections
    if language != "en":  # no paragraph of the rules is left in English
        page = _page_text(client, language)
        english = _paragraphs((ROOT / "docs/rules.md").read_text(encoding="utf-8"))
        assert [text for text in english if text in page] == []
