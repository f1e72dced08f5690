from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.payment_input import PaymentInput
    from ..models.pos_line_in import PosLineIn


T = TypeVar("T", bound="PosIn")


@_attrs_define
class PosIn:
    """Body of `POST /api/pos/create`.

    Example:
        {'items': [{'product_id': 1, 'quantity': 2}], 'payments': [{'amount': 95.76, 'method': 'card'}], 'warehouse_id':
            1}

    Attributes:
        items (list[PosLineIn]): From 1 to 500 lines.
        warehouse_id (int):
        customer_id (int | None | Unset): A client user of the workspace.
        note (None | str | Unset):
        payments (list[PaymentInput] | None | Unset): Defaults to one cash payment of the total; together at least the
            total.
        pos_date (datetime.date | None | Unset): `YYYY-MM-DD`; defaults to today.
    """

    items: list[PosLineIn]
    warehouse_id: int
    customer_id: int | None | Unset = UNSET
    note: None | str | Unset = UNSET
    payments: list[PaymentInput] | None | Unset = UNSET
    pos_date: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        warehouse_id = self.warehouse_id

        customer_id: int | None | Unset
        if isinstance(self.customer_id, Unset):
            customer_id = UNSET
        else:
            customer_id = self.customer_id

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        payments: list[dict[str, Any]] | None | Unset
        if isinstance(self.payments, Unset):
            payments = UNSET
        elif isinstance(self.payments, list):
            payments = []
            for payments_type_0_item_data in self.payments:
                payments_type_0_item = payments_type_0_item_data.to_dict()
                payments.append(payments_type_0_item)

        else:
            payments = self.payments

        pos_date: None | str | Unset
        if isinstance(self.pos_date, Unset):
            pos_date = UNSET
        elif isinstance(self.pos_date, datetime.date):
            pos_date = self.pos_date.isoformat()
        else:
            pos_date = self.pos_date

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "items": items,
                "warehouse_id": warehouse_id,
            }
        )
        if customer_id is not UNSET:
            field_dict["customer_id"] = customer_id
        if note is not UNSET:
            field_dict["note"] = note
        if payments is not UNSET:
            field_dict["payments"] = payments
        if pos_date is not UNSET:
            field_dict["pos_date"] = pos_date

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.payment_input import PaymentInput
        from ..models.pos_line_in import PosLineIn

        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = PosLineIn.from_dict(items_item_data)

            items.append(items_item)

        warehouse_id = d.pop("warehouse_id")

        def _parse_customer_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        customer_id = _parse_customer_id(d.pop("customer_id", UNSET))

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))

        def _parse_payments(data: object) -> list[PaymentInput] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                payments_type_0 = []
                _payments_type_0 = data
                for payments_type_0_item_data in _payments_type_0:
                    payments_type_0_item = PaymentInput.from_dict(
                        payments_type_0_item_data
                    )

                    payments_type_0.append(payments_type_0_item)

                return payments_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PaymentInput] | None | Unset, data)

        payments = _parse_payments(d.pop("payments", UNSET))

        def _parse_pos_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pos_date_type_0 = datetime.date.fromisoformat(data)

                return pos_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        pos_date = _parse_pos_date(d.pop("pos_date", UNSET))

        pos_in = cls(
            items=items,
            warehouse_id=warehouse_id,
            customer_id=customer_id,
            note=note,
            payments=payments,
            pos_date=pos_date,
        )

        pos_in.additional_properties = d
        return pos_in

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
