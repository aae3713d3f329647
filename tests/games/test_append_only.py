"""The action log is append-only for real: the database and the model both refuse edits."""

import pytest
from django.db import DatabaseError, connection, transaction

from games.models import Action, AppendOnlyError, Game
from tests.conftest import Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def action(player: Player) -> Action:
    game = Game.objects.create(
        code="CF1-D3-AAAAACL", draw=3, number=63, player=player.user, snapshot={}
    )
    return Action.objects.create(game=game, seq=1, token="draw", score_after=0)


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE games_action SET token = 'RF' WHERE id = %s",
        "UPDATE games_action SET score_after = 500 WHERE id = %s",
        "DELETE FROM games_action WHERE id = %s",
    ],
)
def test_database_trigger_refuses_raw_update_and_delete(action: Action, statement: str) -> None:
    with (
        pytest.raises(DatabaseError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(statement, [action.id])
    stored = Action.objects.get(id=action.id)
    assert (stored.token, stored.score_after) == ("draw", 0)


def test_model_refuses_update_and_delete(action: Action) -> None:
    action.token = "RF"
    with pytest.raises(AppendOnlyError):
        action.save()
    with pytest.raises(AppendOnlyError):
        action.delete()
    with pytest.raises(AppendOnlyError):
        Action.objects.filter(id=action.id).update(token="RF")
    with pytest.raises(AppendOnlyError):
        Action.objects.filter(id=action.id).delete()
    assert Action.objects.get(id=action.id).token == "draw"


def test_inserting_new_actions_still_works(action: Action) -> None:
    Action.objects.create(game=action.game, seq=2, token="undo", score_after=0)
    assert list(action.game.actions.values_list("seq", flat=True)) == [1, 2]
