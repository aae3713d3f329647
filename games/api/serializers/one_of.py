"""A request body a client sends in one of several shapes (a ``oneOf`` in the schema), from
the one list of its variants.

The schema publishes each variant (its own required fields and help texts); the view validates
with one serializer holding every variant's fields, optional unless every variant requires
them, because which single shape was meant is the service's rule to check and to word
("give exactly one of ..."). Both come from the variants, so adding one is one edit.
"""

import copy
from collections.abc import Sequence

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

Variant = type[serializers.Serializer]


def one_of_body(
    name: str, variants: Sequence[Variant], *, base: Variant = serializers.Serializer
) -> tuple[Variant, PolymorphicProxySerializer]:
    """The validating serializer (class ``name``, from ``base``: a ``validate`` of its own)
    and the schema's ``oneOf`` (component ``name``) of ``variants``."""
    fields = {
        field_name: union_field([v._declared_fields for v in variants], field_name)
        for field_name in merged_order([list(v._declared_fields) for v in variants])
    }
    doc = f"Exactly one of {', '.join(v.__name__ for v in variants)} (published as ``oneOf``)."
    validating = type(name, (base,), {"__doc__": doc, "__module__": base.__module__, **fields})
    schema = PolymorphicProxySerializer(
        component_name=name, serializers=list(variants), resource_type_field_name=None
    )
    return validating, schema


def union_field(
    variants_fields: list[dict[str, serializers.Field]], field_name: str
) -> serializers.Field:
    """A fresh copy of the first variant's field of that name, optional unless every variant
    requires it. Rebuilt from its constructor arguments as DRF's own ``Field.__deepcopy__``
    does: an attribute set after construction would be lost at the serializer's next copy."""
    declared = [fields[field_name] for fields in variants_fields if field_name in fields]
    first = declared[0]
    if len(declared) == len(variants_fields) and all(f.required for f in declared):
        return copy.deepcopy(first)
    # A copy of the arguments: a child field in them is then a fresh one, not yet bound.
    args, kwargs = copy.deepcopy((getattr(first, "_args"), getattr(first, "_kwargs")))  # noqa: B009
    return type(first)(*args, **{**kwargs, "required": False})


def merged_order(orders: list[list[str]]) -> list[str]:
    """Every variant's field names in one order that keeps each variant's own (the C3 merge,
    as Python orders base classes): a refusal names the first bad field as each variant
    reads, e.g. ``action, seq`` and ``tap, double_click, seq`` give
    ``action, tap, double_click, seq``."""
    pending = [list(order) for order in orders if order]
    merged: list[str] = []
    while pending:
        head = next(
            order[0] for order in pending if not any(order[0] in rest[1:] for rest in pending)
        )
        merged.append(head)
        pending = [[name for name in order if name != head] for order in pending]
        pending = [order for order in pending if order]
    return merged
