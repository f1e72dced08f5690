from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.stock_line import StockLine


T = TypeVar("T", bound="StockAdjustment")


@_attrs_define
class StockAdjustment:
    """The fields every stored record carries, flattened into it.

    Attributes:
        created_at (str): RFC 3339, UTC.
        date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        id (int): Unique per workspace and resource.
        lines (list[StockLine]): The products adjusted, each once; a quantity is signed (negative removes).
        note (None | str): Why (a stock count, damage); also each movement's note.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
        warehouse_id (int):
    """

    created_at: str
    date: datetime.date
    id: int
    lines: list[StockLine]
    note: None | str
    updated_at: str
    version: int
    warehouse_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        date = self.date.isoformat()

        id = self.id

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        note: None | str
        note = self.note

        updated_at = self.updated_at

        version = self.version

        warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "date": date,
                "id": id,
                "lines": lines,
                "note": note,
                "updated_at": updated_at,
                "version": version,
                "warehouse_id": warehouse_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.stock_line import StockLine

        d = dict(src_dict)
        created_at = d.pop("created_at")

        date = datetime.date.fromisoformat(d.pop("date"))

        id = d.pop("id")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = StockLine.from_dict(lines_item_data)

            lines.append(lines_item)

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        warehouse_id = d.pop("warehouse_id")

        stock_adjustment = cls(
            created_at=created_at,
            date=date,
            id=id,
            lines=lines,
            note=note,
            updated_at=updated_at,
            version=version,
            warehouse_id=warehouse_id,
        )

        stock_adjustment.additional_properties = d
        return stock_adjustment

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
