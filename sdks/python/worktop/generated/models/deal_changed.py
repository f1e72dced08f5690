from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.deal_status import DealStatus

if TYPE_CHECKING:
    from ..models.custom_values import CustomValues
    from ..models.stage_name import StageName


T = TypeVar("T", bound="DealChanged")


@_attrs_define
class DealChanged:
    """Answer of `PATCH /api/v1/deals/{id}`: the deal, and its stage by id and name (so a caller who
    sent a stage's name sees which stage it named).

        Attributes:
            amount (float): The deal's value (the product's `price`). Example: 1250.5.
            clients (list[int]): Client users the deal is for.
            close_date (datetime.date | None): Expected close, `YYYY-MM-DD`.
            created_at (str): RFC 3339, UTC.
            custom_fields (CustomValues): The workspace's custom fields on this record, by key (GET /api/custom-fields).
            id (int): Unique per workspace and resource.
            is_active (bool):
            labels (list[int]):
            lead_id (int | None): The lead it was converted from.
            name (str):
            notes (None | str):
            order (int): Position within its stage, from 1.
            phone (None | str):
            pipeline_id (int):
            products (list[int]):
            sources (list[int]):
            stage (StageName): A stage as the answer names it.
            stage_id (int):
            status (DealStatus): Where a deal stands (the original product's `active` and `loss` are read as `open` and
                `lost`).
            updated_at (str): RFC 3339, UTC.
            users (list[int]):
            version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    amount: float
    clients: list[int]
    close_date: datetime.date | None
    created_at: str
    custom_fields: CustomValues
    id: int
    is_active: bool
    labels: list[int]
    lead_id: int | None
    name: str
    notes: None | str
    order: int
    phone: None | str
    pipeline_id: int
    products: list[int]
    sources: list[int]
    stage: StageName
    stage_id: int
    status: DealStatus
    updated_at: str
    users: list[int]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        clients = self.clients

        close_date: None | str
        if isinstance(self.close_date, datetime.date):
            close_date = self.close_date.isoformat()
        else:
            close_date = self.close_date

        created_at = self.created_at

        custom_fields = self.custom_fields.to_dict()

        id = self.id

        is_active = self.is_active

        labels = self.labels

        lead_id: int | None
        lead_id = self.lead_id

        name = self.name

        notes: None | str
        notes = self.notes

        order = self.order

        phone: None | str
        phone = self.phone

        pipeline_id = self.pipeline_id

        products = self.products

        sources = self.sources

        stage = self.stage.to_dict()

        stage_id = self.stage_id

        status = self.status.value

        updated_at = self.updated_at

        users = self.users

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "clients": clients,
                "close_date": close_date,
                "created_at": created_at,
                "custom_fields": custom_fields,
                "id": id,
                "is_active": is_active,
                "labels": labels,
                "lead_id": lead_id,
                "name": name,
                "notes": notes,
                "order": order,
                "phone": phone,
                "pipeline_id": pipeline_id,
                "products": products,
                "sources": sources,
                "stage": stage,
                "stage_id": stage_id,
                "status": status,
                "updated_at": updated_at,
                "users": users,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values import CustomValues
        from ..models.stage_name import StageName

        d = dict(src_dict)
        amount = d.pop("amount")

        clients = cast(list[int], d.pop("clients"))

        def _parse_close_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                close_date_type_1 = datetime.date.fromisoformat(data)

                return close_date_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        close_date = _parse_close_date(d.pop("close_date"))

        created_at = d.pop("created_at")

        custom_fields = CustomValues.from_dict(d.pop("custom_fields"))

        id = d.pop("id")

        is_active = d.pop("is_active")

        labels = cast(list[int], d.pop("labels"))

        def _parse_lead_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        lead_id = _parse_lead_id(d.pop("lead_id"))

        name = d.pop("name")

        def _parse_notes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notes = _parse_notes(d.pop("notes"))

        order = d.pop("order")

        def _parse_phone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        phone = _parse_phone(d.pop("phone"))

        pipeline_id = d.pop("pipeline_id")

        products = cast(list[int], d.pop("products"))

        sources = cast(list[int], d.pop("sources"))

        stage = StageName.from_dict(d.pop("stage"))

        stage_id = d.pop("stage_id")

        status = DealStatus(d.pop("status"))

        updated_at = d.pop("updated_at")

        users = cast(list[int], d.pop("users"))

        version = d.pop("version")

        deal_changed = cls(
            amount=amount,
            clients=clients,
            close_date=close_date,
            created_at=created_at,
            custom_fields=custom_fields,
            id=id,
            is_active=is_active,
            labels=labels,
            lead_id=lead_id,
            name=name,
            notes=notes,
            order=order,
            phone=phone,
            pipeline_id=pipeline_id,
            products=products,
            sources=sources,
            stage=stage,
            stage_id=stage_id,
            status=status,
            updated_at=updated_at,
            users=users,
            version=version,
        )

        deal_changed.additional_properties = d
        return deal_changed

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
