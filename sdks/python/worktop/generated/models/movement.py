from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.reason import Reason

T = TypeVar("T", bound="Movement")


@_attrs_define
class Movement:
    """One entry of the ledger. Immutable.

    Attributes:
        created_at (str): RFC 3339, UTC.
        id (int):
        note (None | str):
        product_id (int):
        quantity (int): Signed: positive in, negative out.
        reason (Reason): Why stock moved.
        source_id (int | None):
        source_type (None | str): The document that moved it (`transfer`, `pos_sale`), if any.
        user_id (int): Who made the change.
        warehouse_id (int):
    """

    created_at: str
    id: int
    note: None | str
    product_id: int
    quantity: int
    reason: Reason
    source_id: int | None
    source_type: None | str
    user_id: int
    warehouse_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        id = self.id

        note: None | str
        note = self.note

        product_id = self.product_id

        quantity = self.quantity

        reason = self.reason.value

        source_id: int | None
        source_id = self.source_id

        source_type: None | str
        source_type = self.source_type

        user_id = self.user_id

        warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "id": id,
                "note": note,
                "product_id": product_id,
                "quantity": quantity,
                "reason": reason,
                "source_id": source_id,
                "source_type": source_type,
                "user_id": user_id,
                "warehouse_id": warehouse_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        id = d.pop("id")

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        product_id = d.pop("product_id")

        quantity = d.pop("quantity")

        reason = Reason(d.pop("reason"))

        def _parse_source_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        source_id = _parse_source_id(d.pop("source_id"))

        def _parse_source_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source_type = _parse_source_type(d.pop("source_type"))

        user_id = d.pop("user_id")

        warehouse_id = d.pop("warehouse_id")

        movement = cls(
            created_at=created_at,
            id=id,
            note=note,
            product_id=product_id,
            quantity=quantity,
            reason=reason,
            source_id=source_id,
            source_type=source_type,
            user_id=user_id,
            warehouse_id=warehouse_id,
        )

        movement.additional_properties = d
        return movement

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
