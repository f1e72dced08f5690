from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CustomFieldFilters")


@_attrs_define
class CustomFieldFilters:
    """`?resource=crm_contact` on the definitions list.

    Attributes:
        resource (None | str | Unset): The kind of record (`crm_contact`): its fields only.
    """

    resource: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        resource: None | str | Unset
        if isinstance(self.resource, Unset):
            resource = UNSET
        else:
            resource = self.resource

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if resource is not UNSET:
            field_dict["resource"] = resource

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_resource(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        resource = _parse_resource(d.pop("resource", UNSET))

        custom_field_filters = cls(
            resource=resource,
        )

        return custom_field_filters
