from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.offer_status import OfferStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.address_in import AddressIn
    from ..models.line_in import LineIn


T = TypeVar("T", bound="VersionedOfferPatch")


@_attrs_define
class VersionedOfferPatch:
    """An update body with the optional `version` every update accepts beside its own fields. An
    extractor rather than `#[serde(flatten)]`, which would hide the field names of errors.

        Attributes:
            billing_address (AddressIn | None | Unset):
            customer_id (int | Unset):
            date (datetime.date | Unset):
            description (None | str | Unset):
            items (list[LineIn] | Unset):
            name (str | Unset):
            opportunity_id (int | None | Unset):
            shipping_address (AddressIn | None | Unset):
            shipping_provider (None | str | Unset):
            status (OfferStatus | Unset): Whether a quote or order still stands.
            version (int | None | Unset): The version the change is based on; a stale one is 409 `version_conflict`.
    """

    billing_address: AddressIn | None | Unset = UNSET
    customer_id: int | Unset = UNSET
    date: datetime.date | Unset = UNSET
    description: None | str | Unset = UNSET
    items: list[LineIn] | Unset = UNSET
    name: str | Unset = UNSET
    opportunity_id: int | None | Unset = UNSET
    shipping_address: AddressIn | None | Unset = UNSET
    shipping_provider: None | str | Unset = UNSET
    status: OfferStatus | Unset = UNSET
    version: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.address_in import AddressIn

        billing_address: dict[str, Any] | None | Unset
        if isinstance(self.billing_address, Unset):
            billing_address = UNSET
        elif isinstance(self.billing_address, AddressIn):
            billing_address = self.billing_address.to_dict()
        else:
            billing_address = self.billing_address

        customer_id = self.customer_id

        date: str | Unset = UNSET
        if not isinstance(self.date, Unset):
            date = self.date.isoformat()

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        items: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.items, Unset):
            items = []
            for items_item_data in self.items:
                items_item = items_item_data.to_dict()
                items.append(items_item)

        name = self.name

        opportunity_id: int | None | Unset
        if isinstance(self.opportunity_id, Unset):
            opportunity_id = UNSET
        else:
            opportunity_id = self.opportunity_id

        shipping_address: dict[str, Any] | None | Unset
        if isinstance(self.shipping_address, Unset):
            shipping_address = UNSET
        elif isinstance(self.shipping_address, AddressIn):
            shipping_address = self.shipping_address.to_dict()
        else:
            shipping_address = self.shipping_address

        shipping_provider: None | str | Unset
        if isinstance(self.shipping_provider, Unset):
            shipping_provider = UNSET
        else:
            shipping_provider = self.shipping_provider

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if billing_address is not UNSET:
            field_dict["billing_address"] = billing_address
        if customer_id is not UNSET:
            field_dict["customer_id"] = customer_id
        if date is not UNSET:
            field_dict["date"] = date
        if description is not UNSET:
            field_dict["description"] = description
        if items is not UNSET:
            field_dict["items"] = items
        if name is not UNSET:
            field_dict["name"] = name
        if opportunity_id is not UNSET:
            field_dict["opportunity_id"] = opportunity_id
        if shipping_address is not UNSET:
            field_dict["shipping_address"] = shipping_address
        if shipping_provider is not UNSET:
            field_dict["shipping_provider"] = shipping_provider
        if status is not UNSET:
            field_dict["status"] = status
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.address_in import AddressIn
        from ..models.line_in import LineIn

        d = dict(src_dict)

        def _parse_billing_address(data: object) -> AddressIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                billing_address_type_1 = AddressIn.from_dict(data)

                return billing_address_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AddressIn | None | Unset, data)

        billing_address = _parse_billing_address(d.pop("billing_address", UNSET))

        customer_id = d.pop("customer_id", UNSET)

        _date = d.pop("date", UNSET)
        date: datetime.date | Unset
        if isinstance(_date, Unset):
            date = UNSET
        else:
            date = datetime.date.fromisoformat(_date)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _items = d.pop("items", UNSET)
        items: list[LineIn] | Unset = UNSET
        if _items is not UNSET:
            items = []
            for items_item_data in _items:
                items_item = LineIn.from_dict(items_item_data)

                items.append(items_item)

        name = d.pop("name", UNSET)

        def _parse_opportunity_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        opportunity_id = _parse_opportunity_id(d.pop("opportunity_id", UNSET))

        def _parse_shipping_address(data: object) -> AddressIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                shipping_address_type_1 = AddressIn.from_dict(data)

                return shipping_address_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AddressIn | None | Unset, data)

        shipping_address = _parse_shipping_address(d.pop("shipping_address", UNSET))

        def _parse_shipping_provider(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        shipping_provider = _parse_shipping_provider(d.pop("shipping_provider", UNSET))

        _status = d.pop("status", UNSET)
        status: OfferStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = OfferStatus(_status)

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        versioned_offer_patch = cls(
            billing_address=billing_address,
            customer_id=customer_id,
            date=date,
            description=description,
            items=items,
            name=name,
            opportunity_id=opportunity_id,
            shipping_address=shipping_address,
            shipping_provider=shipping_provider,
            status=status,
            version=version,
        )

        versioned_offer_patch.additional_properties = d
        return versioned_offer_patch

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
