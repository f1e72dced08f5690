from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SupportCategory")


@_attrs_define
class SupportCategory:
    """A support category.

    Attributes:
        created_at (str): RFC 3339, UTC.
        description (None | str):
        id (int): Unique per workspace and resource.
        name (str):
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    created_at: str
    description: None | str
    id: int
    name: str
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        description: None | str
        description = self.description

        id = self.id

        name = self.name

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "description": description,
                "id": id,
                "name": name,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        id = d.pop("id")

        name = d.pop("name")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        support_category = cls(
            created_at=created_at,
            description=description,
            id=id,
            name=name,
            updated_at=updated_at,
            version=version,
        )

        support_category.additional_properties = d
        return support_category

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
