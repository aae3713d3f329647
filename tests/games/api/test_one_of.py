"""A oneOf body from its one list of variants: the view's serializer takes every variant's
fields, in an order each variant keeps, required only where every variant requires them."""

from rest_framework import serializers

from games.api.serializers.actions import ActionIn, MoveIn, TapIn
from games.api.serializers.games import GameCreateIn
from games.api.serializers.one_of import merged_order, one_of_body
from games.api.serializers.submissions import SubmissionIn


def required_fields(serializer_class: type[serializers.Serializer]) -> dict[str, bool]:
    return {name: field.required for name, field in serializer_class().fields.items()}


def test_the_action_body_keeps_each_variants_order() -> None:
    assert list(ActionIn().fields) == ["action", "tap", "double_click", "seq"]


def test_a_field_is_required_only_when_every_variant_requires_it() -> None:
    assert required_fields(SubmissionIn) == {"code": True, "actions": False, "log": False}
    assert required_fields(GameCreateIn) == {"code": False, "daily": False, "draw": False}


def test_the_variants_own_fields_are_untouched() -> None:
    assert MoveIn().fields["action"].required and TapIn().fields["tap"].required


def test_a_tap_keeps_its_default_in_the_union() -> None:
    serializer = ActionIn(data={"tap": "7H"})
    assert serializer.is_valid(), serializer.errors
    assert serializer.validated_data["double_click"] is True


def test_the_schema_lists_the_variants_under_the_bodys_name() -> None:
    class OneIn(serializers.Serializer):
        one = serializers.IntegerField()

    class TwoIn(serializers.Serializer):
        two = serializers.ListField(child=serializers.IntegerField())

    validating, schema = one_of_body("NumberIn", [OneIn, TwoIn])
    assert validating.__name__ == "NumberIn" and schema.component_name == "NumberIn"
    assert list(schema.serializers) == [OneIn, TwoIn]
    assert validating(data={"two": [1, 2]}).is_valid()


def test_the_merge_puts_a_shared_name_after_every_variants_own_earlier_ones() -> None:
    assert merged_order([["a", "z"], ["b", "c", "z"], ["d"]]) == ["a", "b", "c", "z", "d"]
