from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.payment_terms import PaymentTerms

if TYPE_CHECKING:
    from ..models.address import Address


T = TypeVar("T", bound="Vendor")


@_attrs_define
class Vendor:
    """Someone the workspace buys from.

    Attributes:
        billing_address (Address | None):
        company_name (None | str):
        contact_person_name (None | str):
        created_at (str): RFC 3339, UTC.
        email (None | str):
        id (int): Unique per workspace and resource.
        is_active (bool): Inactive ones leave the pickers.
        mobile (None | str):
        name (str):
        payment_terms (PaymentTerms): When a customer's or vendor's invoices fall due.
        phone (None | str):
        shipping_address (Address | None):
        tags (list[str]):
        tax_number (None | str):
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    billing_address: Address | None
    company_name: None | str
    contact_person_name: None | str
    created_at: str
    email: None | str
    id: int
    is_active: bool
    mobile: None | str
    name: str
    payment_terms: PaymentTerms
    phone: None | str
    shipping_address: Address | None
    tags: list[str]
    tax_number: None | str
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

        company_name: None | str
        company_name = self.company_name

        contact_person_name: None | str
        contact_person_name = self.contact_person_name

        created_at = self.created_at

        email: None | str
        email = self.email

        id = self.id

        is_active = self.is_active

        mobile: None | str
        mobile = self.mobile

        name = self.name

        payment_terms = self.payment_terms.value

        phone: None | str
        phone = self.phone

        shipping_address: dict[str, Any] | None
        if isinstance(self.shipping_address, Address):
            shipping_address = self.shipping_address.to_dict()
        else:
            shipping_address = self.shipping_address

        tags = self.tags

        tax_number: None | str
        tax_number = self.tax_number

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "billing_address": billing_address,
                "company_name": company_name,
                "contact_person_name": contact_person_name,
                "created_at": created_at,
                "email": email,
                "id": id,
                "is_active": is_active,
                "mobile": mobile,
                "name": name,
                "payment_terms": payment_terms,
                "phone": phone,
                "shipping_address": shipping_address,
                "tags": tags,
                "tax_number": tax_number,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.address import Address

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

        def _parse_company_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        company_name = _parse_company_name(d.pop("company_name"))

        def _parse_contact_person_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        contact_person_name = _parse_contact_person_name(d.pop("contact_person_name"))

        created_at = d.pop("created_at")

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        id = d.pop("id")

        is_active = d.pop("is_active")

        def _parse_mobile(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        mobile = _parse_mobile(d.pop("mobile"))

        name = d.pop("name")

        payment_terms = PaymentTerms(d.pop("payment_terms"))

        def _parse_phone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        phone = _parse_phone(d.pop("phone"))

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

        tags = cast(list[str], d.pop("tags"))

        def _parse_tax_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tax_number = _parse_tax_number(d.pop("tax_number"))

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        vendor = cls(
            billing_address=billing_address,
            company_name=company_name,
            contact_person_name=contact_person_name,
            created_at=created_at,
            email=email,
            id=id,
            is_active=is_active,
            mobile=mobile,
            name=name,
            payment_terms=payment_terms,
            phone=phone,
            shipping_address=shipping_address,
            tags=tags,
            tax_number=tax_number,
            updated_at=updated_at,
            version=version,
        )

        vendor.additional_properties = d
        return vendor

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
