from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.named import Named
    from ..models.product_option import ProductOption


T = TypeVar("T", bound="SalesRequestData")


@_attrs_define
class SalesRequestData:
    """Answer of `GET /api/sales/RequestData`: every option list the sales forms need (at most 500
    of each record kind, active ones by name).

        Attributes:
            customers (list[Named]):
            invoice_types (list[str]):
            meeting_statuses (list[str]):
            offer_statuses (list[str]):
            opportunities (list[Named]):
            opportunity_stages (list[str]):
            products (list[ProductOption]):
            proposal_statuses (list[str]):
            recurrences (list[str]):
            warehouses (list[Named]):
    """

    customers: list[Named]
    invoice_types: list[str]
    meeting_statuses: list[str]
    offer_statuses: list[str]
    opportunities: list[Named]
    opportunity_stages: list[str]
    products: list[ProductOption]
    proposal_statuses: list[str]
    recurrences: list[str]
    warehouses: list[Named]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        customers = []
        for customers_item_data in self.customers:
            customers_item = customers_item_data.to_dict()
            customers.append(customers_item)

        invoice_types = self.invoice_types

        meeting_statuses = self.meeting_statuses

        offer_statuses = self.offer_statuses

        opportunities = []
        for opportunities_item_data in self.opportunities:
            opportunities_item = opportunities_item_data.to_dict()
            opportunities.append(opportunities_item)

        opportunity_stages = self.opportunity_stages

        products = []
        for products_item_data in self.products:
            products_item = products_item_data.to_dict()
            products.append(products_item)

        proposal_statuses = self.proposal_statuses

        recurrences = self.recurrences

        warehouses = []
        for warehouses_item_data in self.warehouses:
            warehouses_item = warehouses_item_data.to_dict()
            warehouses.append(warehouses_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "customers": customers,
                "invoice_types": invoice_types,
                "meeting_statuses": meeting_statuses,
                "offer_statuses": offer_statuses,
                "opportunities": opportunities,
                "opportunity_stages": opportunity_stages,
                "products": products,
                "proposal_statuses": proposal_statuses,
                "recurrences": recurrences,
                "warehouses": warehouses,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.named import Named
        from ..models.product_option import ProductOption

        d = dict(src_dict)
        customers = []
        _customers = d.pop("customers")
        for customers_item_data in _customers:
            customers_item = Named.from_dict(customers_item_data)

            customers.append(customers_item)

        invoice_types = cast(list[str], d.pop("invoice_types"))

        meeting_statuses = cast(list[str], d.pop("meeting_statuses"))

        offer_statuses = cast(list[str], d.pop("offer_statuses"))

        opportunities = []
        _opportunities = d.pop("opportunities")
        for opportunities_item_data in _opportunities:
            opportunities_item = Named.from_dict(opportunities_item_data)

            opportunities.append(opportunities_item)

        opportunity_stages = cast(list[str], d.pop("opportunity_stages"))

        products = []
        _products = d.pop("products")
        for products_item_data in _products:
            products_item = ProductOption.from_dict(products_item_data)

            products.append(products_item)

        proposal_statuses = cast(list[str], d.pop("proposal_statuses"))

        recurrences = cast(list[str], d.pop("recurrences"))

        warehouses = []
        _warehouses = d.pop("warehouses")
        for warehouses_item_data in _warehouses:
            warehouses_item = Named.from_dict(warehouses_item_data)

            warehouses.append(warehouses_item)

        sales_request_data = cls(
            customers=customers,
            invoice_types=invoice_types,
            meeting_statuses=meeting_statuses,
            offer_statuses=offer_statuses,
            opportunities=opportunities,
            opportunity_stages=opportunity_stages,
            products=products,
            proposal_statuses=proposal_statuses,
            recurrences=recurrences,
            warehouses=warehouses,
        )

        sales_request_data.additional_properties = d
        return sales_request_data

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
