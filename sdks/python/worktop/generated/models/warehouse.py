from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Warehouse")


@_attrs_define
class Warehouse:
    """The fields every stored record carries, flattened into it.

    Attributes:
        address (None | str):
        city (None | str):
        created_at (str): RFC 3339, UTC.
        email (None | str):
        id (int): Unique per workspace and resource.
        is_active (bool): Inactive warehouses take no stock movements and leave the pickers.
        name (str):
        phone (None | str):
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
        zip_code (None | str):
    """

    address: None | str
    city: None | str
    created_at: str
    email: None | str
    id: int
    is_active: bool
    name: str
    phone: None | str
    updated_at: str
    version: int
    zip_code: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        address: None | str
        address = self.address

        city: None | str
        city = self.city

        created_at = self.created_at

        email: None | str
        email = self.email

        id = self.id

        is_active = self.is_active

        name = self.name

        phone: None | str
        phone = self.phone

        updated_at = self.updated_at

        version = self.version

        zip_code: None | str
        zip_code = self.zip_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "address": address,
                "city": city,
                "created_at": created_at,
                "email": email,
                "id": id,
                "is_active": is_active,
                "name": name,
                "phone": phone,
                "updated_at": updated_at,
                "version": version,
                "zip_code": zip_code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        address = _parse_address(d.pop("address"))

        def _parse_city(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        city = _parse_city(d.pop("city"))

        created_at = d.pop("created_at")

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        id = d.pop("id")

        is_active = d.pop("is_active")

        name = d.pop("name")

        def _parse_phone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        phone = _parse_phone(d.pop("phone"))

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        def _parse_zip_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        zip_code = _parse_zip_code(d.pop("zip_code"))

        warehouse = cls(
            address=address,
            city=city,
            created_at=created_at,
            email=email,
            id=id,
            is_active=is_active,
            name=name,
            phone=phone,
            updated_at=updated_at,
            version=version,
            zip_code=zip_code,
        )

        warehouse.additional_properties = d
        return warehouse

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
