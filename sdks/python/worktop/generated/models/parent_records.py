from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.parent_type import ParentType

if TYPE_CHECKING:
    from ..models.named import Named


T = TypeVar("T", bound="ParentRecords")


@_attrs_define
class ParentRecords:
    """Answer of `POST /api/sales/parent-records`: at most 50.

    Attributes:
        data (list[Named]):
        parent_type (ParentType): The kinds of record a sales form can name as its parent.
    """

    data: list[Named]
    parent_type: ParentType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        parent_type = self.parent_type.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "parent_type": parent_type,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.named import Named

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = Named.from_dict(data_item_data)

            data.append(data_item)

        parent_type = ParentType(d.pop("parent_type"))

        parent_records = cls(
            data=data,
            parent_type=parent_type,
        )

        parent_records.additional_properties = d
        return parent_records

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
