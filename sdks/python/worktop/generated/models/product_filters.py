from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.product_type import ProductType
from ..types import UNSET, Unset

T = TypeVar("T", bound="ProductFilters")


@_attrs_define
class ProductFilters:
    """Filters of `GET /api/products` and `GET /api/product-service/items`.

    Attributes:
        category_id (int | None | Unset):
        is_active (bool | None | Unset):
        type_ (None | ProductType | Unset):
    """

    category_id: int | None | Unset = UNSET
    is_active: bool | None | Unset = UNSET
    type_: None | ProductType | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        category_id: int | None | Unset
        if isinstance(self.category_id, Unset):
            category_id = UNSET
        else:
            category_id = self.category_id

        is_active: bool | None | Unset
        if isinstance(self.is_active, Unset):
            is_active = UNSET
        else:
            is_active = self.is_active

        type_: None | str | Unset
        if isinstance(self.type_, Unset):
            type_ = UNSET
        elif isinstance(self.type_, ProductType):
            type_ = self.type_.value
        else:
            type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if category_id is not UNSET:
            field_dict["category_id"] = category_id
        if is_active is not UNSET:
            field_dict["is_active"] = is_active
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_category_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        category_id = _parse_category_id(d.pop("category_id", UNSET))

        def _parse_is_active(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        is_active = _parse_is_active(d.pop("is_active", UNSET))

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

        product_filters = cls(
            category_id=category_id,
            is_active=is_active,
            type_=type_,
        )

        return product_filters
