from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SingleProductTransferIn")


@_attrs_define
class SingleProductTransferIn:
    """The body `POST /api/transfer/create` took before `lines`: one product moved. Still accepted,
    as a one-line transfer; deprecated: send `lines`.

        Attributes:
            from_warehouse_id (int):
            product_id (int):
            quantity (int):
            to_warehouse_id (int): Another warehouse than `from_warehouse_id`.
            date (datetime.date | None | Unset): `YYYY-MM-DD`; defaults to today.
            note (None | str | Unset):
    """

    from_warehouse_id: int
    product_id: int
    quantity: int
    to_warehouse_id: int
    date: datetime.date | None | Unset = UNSET
    note: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from_warehouse_id = self.from_warehouse_id

        product_id = self.product_id

        quantity = self.quantity

        to_warehouse_id = self.to_warehouse_id

        date: None | str | Unset
        if isinstance(self.date, Unset):
            date = UNSET
        elif isinstance(self.date, datetime.date):
            date = self.date.isoformat()
        else:
            date = self.date

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "from_warehouse_id": from_warehouse_id,
                "product_id": product_id,
                "quantity": quantity,
                "to_warehouse_id": to_warehouse_id,
            }
        )
        if date is not UNSET:
            field_dict["date"] = date
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        from_warehouse_id = d.pop("from_warehouse_id")

        product_id = d.pop("product_id")

        quantity = d.pop("quantity")

        to_warehouse_id = d.pop("to_warehouse_id")

        def _parse_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                date_type_0 = datetime.date.fromisoformat(data)

                return date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        date = _parse_date(d.pop("date", UNSET))

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))

        single_product_transfer_in = cls(
            from_warehouse_id=from_warehouse_id,
            product_id=product_id,
            quantity=quantity,
            to_warehouse_id=to_warehouse_id,
            date=date,
            note=note,
        )

        single_product_transfer_in.additional_properties = d
        return single_product_transfer_in

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
