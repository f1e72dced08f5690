from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.party_in_payment_terms import PartyInPaymentTerms
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.address_in import AddressIn


T = TypeVar("T", bound="PartyIn")


@_attrs_define
class PartyIn:
    """Body of `POST /api/customers/create` and `POST /api/vendors/create`.

    Example:
        {'billing_address': {'city': 'Lyon', 'country': 'FR', 'line1': '1 Main St'}, 'email': 'billing@acme.example',
            'name': 'Acme Ltd', 'payment_terms': 'net_30', 'tags': ['wholesale'], 'tax_number': 'FR123456789'}

    Attributes:
        name (str):
        billing_address (AddressIn | None | Unset):
        company_name (None | str | Unset):
        contact_person_name (None | str | Unset):
        email (None | str | Unset):
        is_active (bool | None | Unset): Defaults to `true`.
        mobile (None | str | Unset):
        payment_terms (PartyInPaymentTerms | Unset): `due_on_receipt`, `net_15`, `net_30` (the default), `net_45`,
            `net_60`.
        phone (None | str | Unset):
        shipping_address (AddressIn | None | Unset):
        tags (list[str] | None | Unset): At most 20 tags of 1 to 40 characters.
        tax_number (None | str | Unset):
    """

    name: str
    billing_address: AddressIn | None | Unset = UNSET
    company_name: None | str | Unset = UNSET
    contact_person_name: None | str | Unset = UNSET
    email: None | str | Unset = UNSET
    is_active: bool | None | Unset = UNSET
    mobile: None | str | Unset = UNSET
    payment_terms: PartyInPaymentTerms | Unset = UNSET
    phone: None | str | Unset = UNSET
    shipping_address: AddressIn | None | Unset = UNSET
    tags: list[str] | None | Unset = UNSET
    tax_number: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.address_in import AddressIn

        name = self.name

        billing_address: dict[str, Any] | None | Unset
        if isinstance(self.billing_address, Unset):
            billing_address = UNSET
        elif isinstance(self.billing_address, AddressIn):
            billing_address = self.billing_address.to_dict()
        else:
            billing_address = self.billing_address

        company_name: None | str | Unset
        if isinstance(self.company_name, Unset):
            company_name = UNSET
        else:
            company_name = self.company_name

        contact_person_name: None | str | Unset
        if isinstance(self.contact_person_name, Unset):
            contact_person_name = UNSET
        else:
            contact_person_name = self.contact_person_name

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        is_active: bool | None | Unset
        if isinstance(self.is_active, Unset):
            is_active = UNSET
        else:
            is_active = self.is_active

        mobile: None | str | Unset
        if isinstance(self.mobile, Unset):
            mobile = UNSET
        else:
            mobile = self.mobile

        payment_terms: str | Unset = UNSET
        if not isinstance(self.payment_terms, Unset):
            payment_terms = self.payment_terms.value

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        shipping_address: dict[str, Any] | None | Unset
        if isinstance(self.shipping_address, Unset):
            shipping_address = UNSET
        elif isinstance(self.shipping_address, AddressIn):
            shipping_address = self.shipping_address.to_dict()
        else:
            shipping_address = self.shipping_address

        tags: list[str] | None | Unset
        if isinstance(self.tags, Unset):
            tags = UNSET
        elif isinstance(self.tags, list):
            tags = self.tags

        else:
            tags = self.tags

        tax_number: None | str | Unset
        if isinstance(self.tax_number, Unset):
            tax_number = UNSET
        else:
            tax_number = self.tax_number

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
            }
        )
        if billing_address is not UNSET:
            field_dict["billing_address"] = billing_address
        if company_name is not UNSET:
            field_dict["company_name"] = company_name
        if contact_person_name is not UNSET:
            field_dict["contact_person_name"] = contact_person_name
        if email is not UNSET:
            field_dict["email"] = email
        if is_active is not UNSET:
            field_dict["is_active"] = is_active
        if mobile is not UNSET:
            field_dict["mobile"] = mobile
        if payment_terms is not UNSET:
            field_dict["payment_terms"] = payment_terms
        if phone is not UNSET:
            field_dict["phone"] = phone
        if shipping_address is not UNSET:
            field_dict["shipping_address"] = shipping_address
        if tags is not UNSET:
            field_dict["tags"] = tags
        if tax_number is not UNSET:
            field_dict["tax_number"] = tax_number

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.address_in import AddressIn

        d = dict(src_dict)
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

        def _parse_company_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        company_name = _parse_company_name(d.pop("company_name", UNSET))

        def _parse_contact_person_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contact_person_name = _parse_contact_person_name(
            d.pop("contact_person_name", UNSET)
        )

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        def _parse_is_active(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        is_active = _parse_is_active(d.pop("is_active", UNSET))

        def _parse_mobile(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        mobile = _parse_mobile(d.pop("mobile", UNSET))

        _payment_terms = d.pop("payment_terms", UNSET)
        payment_terms: PartyInPaymentTerms | Unset
        if isinstance(_payment_terms, Unset):
            payment_terms = UNSET
        else:
            payment_terms = PartyInPaymentTerms(_payment_terms)

        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))

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

        def _parse_tags(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tags_type_0 = cast(list[str], data)

                return tags_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        tags = _parse_tags(d.pop("tags", UNSET))

        def _parse_tax_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tax_number = _parse_tax_number(d.pop("tax_number", UNSET))

        party_in = cls(
            name=name,
            billing_address=billing_address,
            company_name=company_name,
            contact_person_name=contact_person_name,
            email=email,
            is_active=is_active,
            mobile=mobile,
            payment_terms=payment_terms,
            phone=phone,
            shipping_address=shipping_address,
            tags=tags,
            tax_number=tax_number,
        )

        party_in.additional_properties = d
        return party_in

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
