from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LinkIn")


@_attrs_define
class LinkIn:
    """Body of the link routes: the ids, under `ids` or the list's own name.

    Example:
        {'ids': [2, 3]}

    Attributes:
        ids (list[int]): Also accepted as `users`/`user_ids`, `clients`/`client_ids`, `sources`/`source_ids`,
            `products`/`product_ids` or `labels`/`label_ids`.
    """

    ids: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ids = self.ids

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ids": ids,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        ids = cast(list[int], d.pop("ids"))

        link_in = cls(
            ids=ids,
        )

        link_in.additional_properties = d
        return link_in

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
