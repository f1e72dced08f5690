from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.product_type import ProductType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.custom_values_in import CustomValuesIn


T = TypeVar("T", bound="VersionedProductPatch")


@_attrs_define
class VersionedProductPatch:
    """An update body with the optional `version` every update accepts beside its own fields. An
    extractor rather than `#[serde(flatten)]`, which would hide the field names of errors.

        Attributes:
            category_id (int | None | Unset): `null` clears it.
            custom_fields (CustomValuesIn | Unset): Values of the workspace's custom fields, by key (GET /api/custom-
                fields); null clears one.
            description (None | str | Unset): `null` clears it.
            is_active (bool | Unset):
            name (str | Unset):
            purchase_price (float | Unset): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a
                numeric string is accepted too). Example: 1250.5.
            reorder_level (int | None | Unset): `null` clears it.
            sale_price (float | Unset): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a
                numeric string is accepted too). Example: 1250.5.
            sku (str | Unset):
            tax_ids (list[int] | Unset):
            type_ (ProductType | Unset): A product keeps stock; a service does not.
            unit_id (int | None | Unset): `null` clears it.
            version (int | None | Unset): The version the change is based on; a stale one is 409 `version_conflict`.
    """

    category_id: int | None | Unset = UNSET
    custom_fields: CustomValuesIn | Unset = UNSET
    description: None | str | Unset = UNSET
    is_active: bool | Unset = UNSET
    name: str | Unset = UNSET
    purchase_price: float | Unset = UNSET
    reorder_level: int | None | Unset = UNSET
    sale_price: float | Unset = UNSET
    sku: str | Unset = UNSET
    tax_ids: list[int] | Unset = UNSET
    type_: ProductType | Unset = UNSET
    unit_id: int | None | Unset = UNSET
    version: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        category_id: int | None | Unset
        if isinstance(self.category_id, Unset):
            category_id = UNSET
        else:
            category_id = self.category_id

        custom_fields: dict[str, Any] | Unset = UNSET
        if not isinstance(self.custom_fields, Unset):
            custom_fields = self.custom_fields.to_dict()

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        is_active = self.is_active

        name = self.name

        purchase_price = self.purchase_price

        reorder_level: int | None | Unset
        if isinstance(self.reorder_level, Unset):
            reorder_level = UNSET
        else:
            reorder_level = self.reorder_level

        sale_price = self.sale_price

        sku = self.sku

        tax_ids: list[int] | Unset = UNSET
        if not isinstance(self.tax_ids, Unset):
            tax_ids = self.tax_ids

        type_: str | Unset = UNSET
        if not isinstance(self.type_, Unset):
            type_ = self.type_.value

        unit_id: int | None | Unset
        if isinstance(self.unit_id, Unset):
            unit_id = UNSET
        else:
            unit_id = self.unit_id

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if category_id is not UNSET:
            field_dict["category_id"] = category_id
        if custom_fields is not UNSET:
            field_dict["custom_fields"] = custom_fields
        if description is not UNSET:
            field_dict["description"] = description
        if is_active is not UNSET:
            field_dict["is_active"] = is_active
        if name is not UNSET:
            field_dict["name"] = name
        if purchase_price is not UNSET:
            field_dict["purchase_price"] = purchase_price
        if reorder_level is not UNSET:
            field_dict["reorder_level"] = reorder_level
        if sale_price is not UNSET:
            field_dict["sale_price"] = sale_price
        if sku is not UNSET:
            field_dict["sku"] = sku
        if tax_ids is not UNSET:
            field_dict["tax_ids"] = tax_ids
        if type_ is not UNSET:
            field_dict["type"] = type_
        if unit_id is not UNSET:
            field_dict["unit_id"] = unit_id
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values_in import CustomValuesIn

        d = dict(src_dict)

        def _parse_category_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        category_id = _parse_category_id(d.pop("category_id", UNSET))

        _custom_fields = d.pop("custom_fields", UNSET)
        custom_fields: CustomValuesIn | Unset
        if isinstance(_custom_fields, Unset):
            custom_fields = UNSET
        else:
            custom_fields = CustomValuesIn.from_dict(_custom_fields)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        is_active = d.pop("is_active", UNSET)

        name = d.pop("name", UNSET)

        purchase_price = d.pop("purchase_price", UNSET)

        def _parse_reorder_level(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reorder_level = _parse_reorder_level(d.pop("reorder_level", UNSET))

        sale_price = d.pop("sale_price", UNSET)

        sku = d.pop("sku", UNSET)

        tax_ids = cast(list[int], d.pop("tax_ids", UNSET))

        _type_ = d.pop("type", UNSET)
        type_: ProductType | Unset
        if isinstance(_type_, Unset):
            type_ = UNSET
        else:
            type_ = ProductType(_type_)

        def _parse_unit_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        unit_id = _parse_unit_id(d.pop("unit_id", UNSET))

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        versioned_product_patch = cls(
            category_id=category_id,
            custom_fields=custom_fields,
            description=description,
            is_active=is_active,
            name=name,
            purchase_price=purchase_price,
            reorder_level=reorder_level,
            sale_price=sale_price,
            sku=sku,
            tax_ids=tax_ids,
            type_=type_,
            unit_id=unit_id,
            version=version,
        )

        versioned_product_patch.additional_properties = d
        return versioned_product_patch

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
