from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.line_in import LineIn


T = TypeVar("T", bound="ProposalIn")


@_attrs_define
class ProposalIn:
    """Body of `POST /api/sales-proposal/create`.

    Attributes:
        customer_id (int):
        items (list[LineIn]): From 1 to 1,000 lines.
        due_date (datetime.date | None | Unset): Not before the proposal date; defaults to it.
        notes (None | str | Unset):
        payment_terms (None | str | Unset):
        proposal_date (datetime.date | None | Unset): Defaults to today.
        warehouse_id (int | None | Unset): An active warehouse; required when a line is a product.
    """

    customer_id: int
    items: list[LineIn]
    due_date: datetime.date | None | Unset = UNSET
    notes: None | str | Unset = UNSET
    payment_terms: None | str | Unset = UNSET
    proposal_date: datetime.date | None | Unset = UNSET
    warehouse_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        customer_id = self.customer_id

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        due_date: None | str | Unset
        if isinstance(self.due_date, Unset):
            due_date = UNSET
        elif isinstance(self.due_date, datetime.date):
            due_date = self.due_date.isoformat()
        else:
            due_date = self.due_date

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        payment_terms: None | str | Unset
        if isinstance(self.payment_terms, Unset):
            payment_terms = UNSET
        else:
            payment_terms = self.payment_terms

        proposal_date: None | str | Unset
        if isinstance(self.proposal_date, Unset):
            proposal_date = UNSET
        elif isinstance(self.proposal_date, datetime.date):
            proposal_date = self.proposal_date.isoformat()
        else:
            proposal_date = self.proposal_date

        warehouse_id: int | None | Unset
        if isinstance(self.warehouse_id, Unset):
            warehouse_id = UNSET
        else:
            warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "customer_id": customer_id,
                "items": items,
            }
        )
        if due_date is not UNSET:
            field_dict["due_date"] = due_date
        if notes is not UNSET:
            field_dict["notes"] = notes
        if payment_terms is not UNSET:
            field_dict["payment_terms"] = payment_terms
        if proposal_date is not UNSET:
            field_dict["proposal_date"] = proposal_date
        if warehouse_id is not UNSET:
            field_dict["warehouse_id"] = warehouse_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.line_in import LineIn

        d = dict(src_dict)
        customer_id = d.pop("customer_id")

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = LineIn.from_dict(items_item_data)

            items.append(items_item)

        def _parse_due_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                due_date_type_0 = datetime.date.fromisoformat(data)

                return due_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        due_date = _parse_due_date(d.pop("due_date", UNSET))

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        def _parse_payment_terms(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payment_terms = _parse_payment_terms(d.pop("payment_terms", UNSET))

        def _parse_proposal_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                proposal_date_type_0 = datetime.date.fromisoformat(data)

                return proposal_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        proposal_date = _parse_proposal_date(d.pop("proposal_date", UNSET))

        def _parse_warehouse_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        warehouse_id = _parse_warehouse_id(d.pop("warehouse_id", UNSET))

        proposal_in = cls(
            customer_id=customer_id,
            items=items,
            due_date=due_date,
            notes=notes,
            payment_terms=payment_terms,
            proposal_date=proposal_date,
            warehouse_id=warehouse_id,
        )

        proposal_in.additional_properties = d
        return proposal_in

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
