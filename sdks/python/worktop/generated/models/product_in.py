from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.product_type import ProductType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.custom_values_in import CustomValuesIn


T = TypeVar("T", bound="ProductIn")


@_attrs_define
class ProductIn:
    """Body of `POST /api/product/create`.

    Attributes:
        name (str):
        sku (str):
        category_id (int | None | Unset):
        custom_fields (CustomValuesIn | None | Unset): Values of the workspace's custom fields, by key (`GET
            /api/custom-fields`).
        description (None | str | Unset):
        is_active (bool | None | Unset): Defaults to `true`.
        purchase_price (float | None | Unset): At least 0; defaults to 0. Example: 1250.5.
        reorder_level (int | None | Unset): Products only.
        sale_price (float | None | Unset): At least 0; defaults to 0. Example: 1250.5.
        tax_ids (list[int] | None | Unset):
        type_ (None | ProductType | Unset): Defaults to `product`.
        unit_id (int | None | Unset):
    """

    name: str
    sku: str
    category_id: int | None | Unset = UNSET
    custom_fields: CustomValuesIn | None | Unset = UNSET
    description: None | str | Unset = UNSET
    is_active: bool | None | Unset = UNSET
    purchase_price: float | None | Unset = UNSET
    reorder_level: int | None | Unset = UNSET
    sale_price: float | None | Unset = UNSET
    tax_ids: list[int] | None | Unset = UNSET
    type_: None | ProductType | Unset = UNSET
    unit_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.custom_values_in import CustomValuesIn

        name = self.name

        sku = self.sku

        category_id: int | None | Unset
        if isinstance(self.category_id, Unset):
            category_id = UNSET
        else:
            category_id = self.category_id

        custom_fields: dict[str, Any] | None | Unset
        if isinstance(self.custom_fields, Unset):
            custom_fields = UNSET
        elif isinstance(self.custom_fields, CustomValuesIn):
            custom_fields = self.custom_fields.to_dict()
        else:
            custom_fields = self.custom_fields

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        is_active: bool | None | Unset
        if isinstance(self.is_active, Unset):
            is_active = UNSET
        else:
            is_active = self.is_active

        purchase_price: float | None | Unset
        if isinstance(self.purchase_price, Unset):
            purchase_price = UNSET
        else:
            purchase_price = self.purchase_price

        reorder_level: int | None | Unset
        if isinstance(self.reorder_level, Unset):
            reorder_level = UNSET
        else:
            reorder_level = self.reorder_level

        sale_price: float | None | Unset
        if isinstance(self.sale_price, Unset):
            sale_price = UNSET
        else:
            sale_price = self.sale_price

        tax_ids: list[int] | None | Unset
        if isinstance(self.tax_ids, Unset):
            tax_ids = UNSET
        elif isinstance(self.tax_ids, list):
            tax_ids = self.tax_ids

        else:
            tax_ids = self.tax_ids

        type_: None | str | Unset
        if isinstance(self.type_, Unset):
            type_ = UNSET
        elif isinstance(self.type_, ProductType):
            type_ = self.type_.value
        else:
            type_ = self.type_

        unit_id: int | None | Unset
        if isinstance(self.unit_id, Unset):
            unit_id = UNSET
        else:
            unit_id = self.unit_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "sku": sku,
            }
        )
        if category_id is not UNSET:
            field_dict["category_id"] = category_id
        if custom_fields is not UNSET:
            field_dict["custom_fields"] = custom_fields
        if description is not UNSET:
            field_dict["description"] = description
        if is_active is not UNSET:
            field_dict["is_active"] = is_active
        if purchase_price is not UNSET:
            field_dict["purchase_price"] = purchase_price
        if reorder_level is not UNSET:
            field_dict["reorder_level"] = reorder_level
        if sale_price is not UNSET:
            field_dict["sale_price"] = sale_price
        if tax_ids is not UNSET:
            field_dict["tax_ids"] = tax_ids
        if type_ is not UNSET:
            field_dict["type"] = type_
        if unit_id is not UNSET:
            field_dict["unit_id"] = unit_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values_in import CustomValuesIn

        d = dict(src_dict)
        name = d.pop("name")

        sku = d.pop("sku")

        def _parse_category_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        category_id = _parse_category_id(d.pop("category_id", UNSET))

        def _parse_custom_fields(data: object) -> CustomValuesIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                custom_fields_type_1 = CustomValuesIn.from_dict(data)

                return custom_fields_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CustomValuesIn | None | Unset, data)

        custom_fields = _parse_custom_fields(d.pop("custom_fields", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_is_active(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        is_active = _parse_is_active(d.pop("is_active", UNSET))

        def _parse_purchase_price(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        purchase_price = _parse_purchase_price(d.pop("purchase_price", UNSET))

        def _parse_reorder_level(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reorder_level = _parse_reorder_level(d.pop("reorder_level", UNSET))

        def _parse_sale_price(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        sale_price = _parse_sale_price(d.pop("sale_price", UNSET))

        def _parse_tax_ids(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tax_ids_type_0 = cast(list[int], data)

                return tax_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        tax_ids = _parse_tax_ids(d.pop("tax_ids", UNSET))

        def _parse_type_(data: object) -> None | ProductType | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                type_type_1 = ProductType(data)

                return type_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProductType | Unset, data)

        type_ = _parse_type_(d.pop("type", UNSET))

        def _parse_unit_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        unit_id = _parse_unit_id(d.pop("unit_id", UNSET))

        product_in = cls(
            name=name,
            sku=sku,
            category_id=category_id,
            custom_fields=custom_fields,
            description=description,
            is_active=is_active,
            purchase_price=purchase_price,
            reorder_level=reorder_level,
            sale_price=sale_price,
            tax_ids=tax_ids,
            type_=type_,
            unit_id=unit_id,
        )

        product_in.additional_properties = d
        return product_in

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
