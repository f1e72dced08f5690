from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.journal_line import JournalLine


T = TypeVar("T", bound="JournalEntry")


@_attrs_define
class JournalEntry:
    """A journal entry: immutable once written.

    Attributes:
        created_at (str): RFC 3339, UTC.
        date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        id (int):
        lines (list[JournalLine]):
        memo (str):
        number (None | str): A manual entry's `JE-000001`, from the workspace's `journal_entry` series; `null` for a
            document's entry (its source is the numbered document).
        source_id (int):
        source_type (str): The document that caused it (`expense`, `revenue`, `bank_transfer`, ...) and its id;
            `manual` and its own id for a manual entry.
        total (float): The sum of its debits (= the sum of its credits). Example: 1250.5.
        user_id (int):
    """

    created_at: str
    date: datetime.date
    id: int
    lines: list[JournalLine]
    memo: str
    number: None | str
    source_id: int
    source_type: str
    total: float
    user_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        date = self.date.isoformat()

        id = self.id

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        memo = self.memo

        number: None | str
        number = self.number

        source_id = self.source_id

        source_type = self.source_type

        total = self.total

        user_id = self.user_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "date": date,
                "id": id,
                "lines": lines,
                "memo": memo,
                "number": number,
                "source_id": source_id,
                "source_type": source_type,
                "total": total,
                "user_id": user_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.journal_line import JournalLine

        d = dict(src_dict)
        created_at = d.pop("created_at")

        date = datetime.date.fromisoformat(d.pop("date"))

        id = d.pop("id")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = JournalLine.from_dict(lines_item_data)

            lines.append(lines_item)

        memo = d.pop("memo")

        def _parse_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        number = _parse_number(d.pop("number"))

        source_id = d.pop("source_id")

        source_type = d.pop("source_type")

        total = d.pop("total")

        user_id = d.pop("user_id")

        journal_entry = cls(
            created_at=created_at,
            date=date,
            id=id,
            lines=lines,
            memo=memo,
            number=number,
            source_id=source_id,
            source_type=source_type,
            total=total,
            user_id=user_id,
        )

        journal_entry.additional_properties = d
        return journal_entry

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
