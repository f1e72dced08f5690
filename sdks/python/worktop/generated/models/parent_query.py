from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.parent_query_parent_type import ParentQueryParentType
from ..types import UNSET, Unset

T = TypeVar("T", bound="ParentQuery")


@_attrs_define
class ParentQuery:
    """Body of `POST /api/sales/parent-records`.

    Example:
        {'parent_type': 'opportunity', 'search': 'acme'}

    Attributes:
        parent_type (ParentQueryParentType): The kinds of record a sales form can name as its parent.
        search (None | str | Unset): Words each found record has (as the lists' `search`); without it, the newest.
    """

    parent_type: ParentQueryParentType
    search: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        parent_type = self.parent_type.value

        search: None | str | Unset
        if isinstance(self.search, Unset):
            search = UNSET
        else:
            search = self.search

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "parent_type": parent_type,
            }
        )
        if search is not UNSET:
            field_dict["search"] = search

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        parent_type = ParentQueryParentType(d.pop("parent_type"))

        def _parse_search(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        search = _parse_search(d.pop("search", UNSET))

        parent_query = cls(
            parent_type=parent_type,
            search=search,
        )

        parent_query.additional_properties = d
        return parent_query

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
