from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.product_type import ProductType

if TYPE_CHECKING:
    from ..models.custom_values import CustomValues
    from ..models.warehouse_stock import WarehouseStock


T = TypeVar("T", bound="ProductDetail")


@_attrs_define
class ProductDetail:
    """`GET /api/product/detail/{id}`.

    Attributes:
        category_id (int | None):
        created_at (str): RFC 3339, UTC.
        custom_fields (CustomValues): The workspace's custom fields on this record, by key (GET /api/custom-fields).
        description (None | str):
        id (int): Unique per workspace and resource.
        is_active (bool):
        name (str):
        purchase_price (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric
            string is accepted too). Example: 1250.5.
        reorder_level (int | None): When a movement takes the total stock below it, `stock.low` is sent.
        sale_price (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string
            is accepted too). Example: 1250.5.
        sku (str): Unique in the workspace, without case.
        stock (list[WarehouseStock]): Per warehouse that ever held it.
        tax_ids (list[int]):
        total_stock (int):
        type_ (ProductType): A product keeps stock; a service does not.
        unit_id (int | None):
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    category_id: int | None
    created_at: str
    custom_fields: CustomValues
    description: None | str
    id: int
    is_active: bool
    name: str
    purchase_price: float
    reorder_level: int | None
    sale_price: float
    sku: str
    stock: list[WarehouseStock]
    tax_ids: list[int]
    total_stock: int
    type_: ProductType
    unit_id: int | None
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        category_id: int | None
        category_id = self.category_id

        created_at = self.created_at

        custom_fields = self.custom_fields.to_dict()

        description: None | str
        description = self.description

        id = self.id

        is_active = self.is_active

        name = self.name

        purchase_price = self.purchase_price

        reorder_level: int | None
        reorder_level = self.reorder_level

        sale_price = self.sale_price

        sku = self.sku

        stock = []
        for stock_item_data in self.stock:
            stock_item = stock_item_data.to_dict()
            stock.append(stock_item)

        tax_ids = self.tax_ids

        total_stock = self.total_stock

        type_ = self.type_.value

        unit_id: int | None
        unit_id = self.unit_id

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "category_id": category_id,
                "created_at": created_at,
                "custom_fields": custom_fields,
                "description": description,
                "id": id,
                "is_active": is_active,
                "name": name,
                "purchase_price": purchase_price,
                "reorder_level": reorder_level,
                "sale_price": sale_price,
                "sku": sku,
                "stock": stock,
                "tax_ids": tax_ids,
                "total_stock": total_stock,
                "type": type_,
                "unit_id": unit_id,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values import CustomValues
        from ..models.warehouse_stock import WarehouseStock

        d = dict(src_dict)

        def _parse_category_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        category_id = _parse_category_id(d.pop("category_id"))

        created_at = d.pop("created_at")

        custom_fields = CustomValues.from_dict(d.pop("custom_fields"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        id = d.pop("id")

        is_active = d.pop("is_active")

        name = d.pop("name")

        purchase_price = d.pop("purchase_price")

        def _parse_reorder_level(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        reorder_level = _parse_reorder_level(d.pop("reorder_level"))

        sale_price = d.pop("sale_price")

        sku = d.pop("sku")

        stock = []
        _stock = d.pop("stock")
        for stock_item_data in _stock:
            stock_item = WarehouseStock.from_dict(stock_item_data)

            stock.append(stock_item)

        tax_ids = cast(list[int], d.pop("tax_ids"))

        total_stock = d.pop("total_stock")

        type_ = ProductType(d.pop("type"))

        def _parse_unit_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        unit_id = _parse_unit_id(d.pop("unit_id"))

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        product_detail = cls(
            category_id=category_id,
            created_at=created_at,
            custom_fields=custom_fields,
            description=description,
            id=id,
            is_active=is_active,
            name=name,
            purchase_price=purchase_price,
            reorder_level=reorder_level,
            sale_price=sale_price,
            sku=sku,
            stock=stock,
            tax_ids=tax_ids,
            total_stock=total_stock,
            type_=type_,
            unit_id=unit_id,
            updated_at=updated_at,
            version=version,
        )

        product_detail.additional_properties = d
        return product_detail

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
