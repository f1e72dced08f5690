from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.offer_status import OfferStatus

if TYPE_CHECKING:
    from ..models.address import Address
    from ..models.line import Line


T = TypeVar("T", bound="Quote")


@_attrs_define
class Quote:
    """A quote: prices offered to a customer.

    Attributes:
        billing_address (Address | None): The customer's when the body gave none.
        created_at (str): RFC 3339, UTC.
        customer_id (int):
        date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        description (None | str):
        discount_amount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric
            string is accepted too). Example: 1250.5.
        id (int): Unique per workspace and resource.
        items (list[Line]):
        name (str):
        opportunity_id (int | None):
        quote_number (str): From the workspace's number series for its kind (`GET /api/settings/number-series`),
            given when it is stored: one unbroken sequence.
        shipping_address (Address | None): The customer's when the body gave none.
        shipping_provider (None | str): Who carries it (a carrier's name).
        status (OfferStatus): Whether a quote or order still stands.
        subtotal (float): Before discounts and taxes. Example: 1250.5.
        tax_amount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string
            is accepted too). Example: 1250.5.
        total_amount (float): `subtotal − discount_amount + tax_amount`. Example: 1250.5.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    billing_address: Address | None
    created_at: str
    customer_id: int
    date: datetime.date
    description: None | str
    discount_amount: float
    id: int
    items: list[Line]
    name: str
    opportunity_id: int | None
    quote_number: str
    shipping_address: Address | None
    shipping_provider: None | str
    status: OfferStatus
    subtotal: float
    tax_amount: float
    total_amount: float
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.address import Address

        billing_address: dict[str, Any] | None
        if isinstance(self.billing_address, Address):
            billing_address = self.billing_address.to_dict()
        else:
            billing_address = self.billing_address

        created_at = self.created_at

        customer_id = self.customer_id

        date = self.date.isoformat()

        description: None | str
        description = self.description

        discount_amount = self.discount_amount

        id = self.id

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        name = self.name

        opportunity_id: int | None
        opportunity_id = self.opportunity_id

        quote_number = self.quote_number

        shipping_address: dict[str, Any] | None
        if isinstance(self.shipping_address, Address):
            shipping_address = self.shipping_address.to_dict()
        else:
            shipping_address = self.shipping_address

        shipping_provider: None | str
        shipping_provider = self.shipping_provider

        status = self.status.value

        subtotal = self.subtotal

        tax_amount = self.tax_amount

        total_amount = self.total_amount

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "billing_address": billing_address,
                "created_at": created_at,
                "customer_id": customer_id,
                "date": date,
                "description": description,
                "discount_amount": discount_amount,
                "id": id,
                "items": items,
                "name": name,
                "opportunity_id": opportunity_id,
                "quote_number": quote_number,
                "shipping_address": shipping_address,
                "shipping_provider": shipping_provider,
                "status": status,
                "subtotal": subtotal,
                "tax_amount": tax_amount,
                "total_amount": total_amount,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.address import Address
        from ..models.line import Line

        d = dict(src_dict)

        def _parse_billing_address(data: object) -> Address | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                billing_address_type_1 = Address.from_dict(data)

                return billing_address_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Address | None, data)

        billing_address = _parse_billing_address(d.pop("billing_address"))

        created_at = d.pop("created_at")

        customer_id = d.pop("customer_id")

        date = datetime.date.fromisoformat(d.pop("date"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        discount_amount = d.pop("discount_amount")

        id = d.pop("id")

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = Line.from_dict(items_item_data)

            items.append(items_item)

        name = d.pop("name")

        def _parse_opportunity_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        opportunity_id = _parse_opportunity_id(d.pop("opportunity_id"))

        quote_number = d.pop("quote_number")

        def _parse_shipping_address(data: object) -> Address | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                shipping_address_type_1 = Address.from_dict(data)

                return shipping_address_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Address | None, data)

        shipping_address = _parse_shipping_address(d.pop("shipping_address"))

        def _parse_shipping_provider(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        shipping_provider = _parse_shipping_provider(d.pop("shipping_provider"))

        status = OfferStatus(d.pop("status"))

        subtotal = d.pop("subtotal")

        tax_amount = d.pop("tax_amount")

        total_amount = d.pop("total_amount")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        quote = cls(
            billing_address=billing_address,
            created_at=created_at,
            customer_id=customer_id,
            date=date,
            description=description,
            discount_amount=discount_amount,
            id=id,
            items=items,
            name=name,
            opportunity_id=opportunity_id,
            quote_number=quote_number,
            shipping_address=shipping_address,
            shipping_provider=shipping_provider,
            status=status,
            subtotal=subtotal,
            tax_amount=tax_amount,
            total_amount=total_amount,
            updated_at=updated_at,
            version=version,
        )

        quote.additional_properties = d
        return quote

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
