from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.custom_values import CustomValues


T = TypeVar("T", bound="Contact")


@_attrs_define
class Contact:
    """A contact.

    Attributes:
        created_at (str): RFC 3339, UTC.
        custom_fields (CustomValues): The workspace's custom fields on this record, by key (GET /api/custom-fields).
        email (None | str):
        id (int): Unique per workspace and resource.
        name (str):
        phone (None | str):
        tags (list[str]):
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    created_at: str
    custom_fields: CustomValues
    email: None | str
    id: int
    name: str
    phone: None | str
    tags: list[str]
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        custom_fields = self.custom_fields.to_dict()

        email: None | str
        email = self.email

        id = self.id

        name = self.name

        phone: None | str
        phone = self.phone

        tags = self.tags

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "custom_fields": custom_fields,
                "email": email,
                "id": id,
                "name": name,
                "phone": phone,
                "tags": tags,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values import CustomValues

        d = dict(src_dict)
        created_at = d.pop("created_at")

        custom_fields = CustomValues.from_dict(d.pop("custom_fields"))

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        id = d.pop("id")

        name = d.pop("name")

        def _parse_phone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        phone = _parse_phone(d.pop("phone"))

        tags = cast(list[str], d.pop("tags"))

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        contact = cls(
            created_at=created_at,
            custom_fields=custom_fields,
            email=email,
            id=id,
            name=name,
            phone=phone,
            tags=tags,
            updated_at=updated_at,
            version=version,
        )

        contact.additional_properties = d
        return contact

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
