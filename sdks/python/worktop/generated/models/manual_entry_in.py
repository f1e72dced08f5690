from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.manual_line_in import ManualLineIn


T = TypeVar("T", bound="ManualEntryIn")


@_attrs_define
class ManualEntryIn:
    """Body of `POST /api/journal-entries/create`.

    Example:
        {'date': '2026-03-31', 'lines': [{'account_id': 1, 'debit': 2500}, {'account_id': 8, 'credit': 2500}], 'memo':
            "Owner's capital contribution"}

    Attributes:
        lines (list[ManualLineIn]): From 2 to 20 lines whose debits equal their credits.
        memo (str): Why the entry is made.
        date (datetime.date | None | Unset): Defaults to today.
    """

    lines: list[ManualLineIn]
    memo: str
    date: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        memo = self.memo

        date: None | str | Unset
        if isinstance(self.date, Unset):
            date = UNSET
        elif isinstance(self.date, datetime.date):
            date = self.date.isoformat()
        else:
            date = self.date

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "lines": lines,
                "memo": memo,
            }
        )
        if date is not UNSET:
            field_dict["date"] = date

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.manual_line_in import ManualLineIn

        d = dict(src_dict)
        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = ManualLineIn.from_dict(lines_item_data)

            lines.append(lines_item)

        memo = d.pop("memo")

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

        manual_entry_in = cls(
            lines=lines,
            memo=memo,
            date=date,
        )

        manual_entry_in.additional_properties = d
        return manual_entry_in

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
