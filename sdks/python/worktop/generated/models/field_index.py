from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.index_status import IndexStatus

T = TypeVar("T", bound="FieldIndex")


@_attrs_define
class FieldIndex:
    """The index behind a filterable field.

    Attributes:
        generation (int): Goes up each time the field is made filterable again (a new index is built).
        indexed_through (int): The last record id the build has added (0 before it begins).
        records_indexed (int): Records the build has added so far, in id order.
        records_total (int): Records of the kind when the build was asked for.
        started_at (str): RFC 3339, UTC: when the build was asked for; it begins at most a minute later.
        status (IndexStatus): Whether a filterable field's index holds every record yet.
    """

    generation: int
    indexed_through: int
    records_indexed: int
    records_total: int
    started_at: str
    status: IndexStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        generation = self.generation

        indexed_through = self.indexed_through

        records_indexed = self.records_indexed

        records_total = self.records_total

        started_at = self.started_at

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "generation": generation,
                "indexed_through": indexed_through,
                "records_indexed": records_indexed,
                "records_total": records_total,
                "started_at": started_at,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        generation = d.pop("generation")

        indexed_through = d.pop("indexed_through")

        records_indexed = d.pop("records_indexed")

        records_total = d.pop("records_total")

        started_at = d.pop("started_at")

        status = IndexStatus(d.pop("status"))

        field_index = cls(
            generation=generation,
            indexed_through=indexed_through,
            records_indexed=records_indexed,
            records_total=records_total,
            started_at=started_at,
            status=status,
        )

        field_index.additional_properties = d
        return field_index

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
