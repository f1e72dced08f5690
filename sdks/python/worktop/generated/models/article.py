from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Article")


@_attrs_define
class Article:
    """A knowledge-base article.

    Attributes:
        category_id (int | None): The support category it is filed under.
        created_at (str): RFC 3339, UTC.
        description (str):
        id (int): Unique per workspace and resource.
        title (str):
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    category_id: int | None
    created_at: str
    description: str
    id: int
    title: str
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        category_id: int | None
        category_id = self.category_id

        created_at = self.created_at

        description = self.description

        id = self.id

        title = self.title

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "category_id": category_id,
                "created_at": created_at,
                "description": description,
                "id": id,
                "title": title,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_category_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        category_id = _parse_category_id(d.pop("category_id"))

        created_at = d.pop("created_at")

        description = d.pop("description")

        id = d.pop("id")

        title = d.pop("title")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        article = cls(
            category_id=category_id,
            created_at=created_at,
            description=description,
            id=id,
            title=title,
            updated_at=updated_at,
            version=version,
        )

        article.additional_properties = d
        return article

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
