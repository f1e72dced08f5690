from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.deal_in import DealIn


T = TypeVar("T", bound="BatchCreateDealIn")


@_attrs_define
class BatchCreateDealIn:
    """Body of a batch create: the single create's bodies.

    Attributes:
        items (list[DealIn]): 1 to 100 records to create, each the body of the resource's single create.
        atomic (bool | None | Unset): All or nothing, in one store transaction (default `false`: each item on its own).
    """

    items: list[DealIn]
    atomic: bool | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        atomic: bool | None | Unset
        if isinstance(self.atomic, Unset):
            atomic = UNSET
        else:
            atomic = self.atomic

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "items": items,
            }
        )
        if atomic is not UNSET:
            field_dict["atomic"] = atomic

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deal_in import DealIn

        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = DealIn.from_dict(items_item_data)

            items.append(items_item)

        def _parse_atomic(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        atomic = _parse_atomic(d.pop("atomic", UNSET))

        batch_create_deal_in = cls(
            items=items,
            atomic=atomic,
        )

        return batch_create_deal_in
