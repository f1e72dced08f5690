from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.transfer_line_in import TransferLineIn


T = TypeVar("T", bound="TransferIn")


@_attrs_define
class TransferIn:
    """Body of `POST /api/transfer/create`.

    Example:
        {'from_warehouse_id': 1, 'lines': [{'product_id': 3, 'quantity': 5}], 'to_warehouse_id': 2}

    Attributes:
        from_warehouse_id (int):
        lines (list[TransferLineIn]): From 1 to 1,000 lines, a product once each.
        to_warehouse_id (int): Another warehouse than `from_warehouse_id`.
        date (datetime.date | None | Unset): `YYYY-MM-DD`; defaults to today.
        note (None | str | Unset):
    """

    from_warehouse_id: int
    lines: list[TransferLineIn]
    to_warehouse_id: int
    date: datetime.date | None | Unset = UNSET
    note: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from_warehouse_id = self.from_warehouse_id

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

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
                "lines": lines,
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
        from ..models.transfer_line_in import TransferLineIn

        d = dict(src_dict)
        from_warehouse_id = d.pop("from_warehouse_id")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = TransferLineIn.from_dict(lines_item_data)

            lines.append(lines_item)

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

        transfer_in = cls(
            from_warehouse_id=from_warehouse_id,
            lines=lines,
            to_warehouse_id=to_warehouse_id,
            date=date,
            note=note,
        )

        transfer_in.additional_properties = d
        return transfer_in

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
