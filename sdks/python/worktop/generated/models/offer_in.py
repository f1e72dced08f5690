from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.address_in import AddressIn
    from ..models.line_in import LineIn


T = TypeVar("T", bound="OfferIn")


@_attrs_define
class OfferIn:
    """Body of `POST /api/sales/quotes/store` and `POST /api/sales/sales-order/store`.

    Example:
        {'customer_id': 1, 'date': '2026-04-01', 'items': [{'product_id': 1, 'quantity': 4}], 'name': 'Fit-out, phase
            1', 'opportunity_id': 1, 'shipping_provider': 'DHL'}

    Attributes:
        customer_id (int):
        items (list[LineIn]): From 1 to 1,000 lines, priced from the products' sale prices unless given.
        name (str):
        billing_address (AddressIn | None | Unset): Defaults to the customer's.
        date (datetime.date | None | Unset): Defaults to today.
        description (None | str | Unset):
        opportunity_id (int | None | Unset): An opportunity of the same customer.
        shipping_address (AddressIn | None | Unset): Defaults to the customer's.
        shipping_provider (None | str | Unset):
    """

    customer_id: int
    items: list[LineIn]
    name: str
    billing_address: AddressIn | None | Unset = UNSET
    date: datetime.date | None | Unset = UNSET
    description: None | str | Unset = UNSET
    opportunity_id: int | None | Unset = UNSET
    shipping_address: AddressIn | None | Unset = UNSET
    shipping_provider: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.address_in import AddressIn

        customer_id = self.customer_id

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        name = self.name

        billing_address: dict[str, Any] | None | Unset
        if isinstance(self.billing_address, Unset):
            billing_address = UNSET
        elif isinstance(self.billing_address, AddressIn):
            billing_address = self.billing_address.to_dict()
        else:
            billing_address = self.billing_address

        date: None | str | Unset
        if isinstance(self.date, Unset):
            date = UNSET
        elif isinstance(self.date, datetime.date):
            date = self.date.isoformat()
        else:
            date = self.date

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

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

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "customer_id": customer_id,
                "items": items,
                "name": name,
            }
        )
        if billing_address is not UNSET:
            field_dict["billing_address"] = billing_address
        if date is not UNSET:
            field_dict["date"] = date
        if description is not UNSET:
            field_dict["description"] = description
        if opportunity_id is not UNSET:
            field_dict["opportunity_id"] = opportunity_id
        if shipping_address is not UNSET:
            field_dict["shipping_address"] = shipping_address
        if shipping_provider is not UNSET:
            field_dict["shipping_provider"] = shipping_provider

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.address_in import AddressIn
        from ..models.line_in import LineIn

        d = dict(src_dict)
        customer_id = d.pop("customer_id")

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = LineIn.from_dict(items_item_data)

            items.append(items_item)

        name = d.pop("name")

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

        def _parse_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                date_type_0 = datetime.date.fromisoformat(data)

                return date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        date = _parse_date(d.pop("date", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

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

        offer_in = cls(
            customer_id=customer_id,
            items=items,
            name=name,
            billing_address=billing_address,
            date=date,
            description=description,
            opportunity_id=opportunity_id,
            shipping_address=shipping_address,
            shipping_provider=shipping_provider,
        )

        offer_in.additional_properties = d
        return offer_in

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
