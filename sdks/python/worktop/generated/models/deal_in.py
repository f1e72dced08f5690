from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.custom_values_in import CustomValuesIn


T = TypeVar("T", bound="DealIn")


@_attrs_define
class DealIn:
    """Body of `POST /api/deal/create`.

    Attributes:
        name (str):
        amount (float | None | Unset): Defaults to 0; `price` is accepted too. Example: 1250.5.
        clients (list[int] | None | Unset):
        close_date (datetime.date | None | Unset):
        custom_fields (CustomValuesIn | None | Unset): Values of the workspace's custom fields, by key (`GET
            /api/custom-fields`).
        labels (list[int] | None | Unset):
        notes (None | str | Unset):
        phone (None | str | Unset):
        pipeline_id (int | None | Unset):
        products (list[int] | None | Unset):
        sources (list[int] | None | Unset):
        stage_id (int | None | Unset):
        users (list[int] | None | Unset):
    """

    name: str
    amount: float | None | Unset = UNSET
    clients: list[int] | None | Unset = UNSET
    close_date: datetime.date | None | Unset = UNSET
    custom_fields: CustomValuesIn | None | Unset = UNSET
    labels: list[int] | None | Unset = UNSET
    notes: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    pipeline_id: int | None | Unset = UNSET
    products: list[int] | None | Unset = UNSET
    sources: list[int] | None | Unset = UNSET
    stage_id: int | None | Unset = UNSET
    users: list[int] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.custom_values_in import CustomValuesIn

        name = self.name

        amount: float | None | Unset
        if isinstance(self.amount, Unset):
            amount = UNSET
        else:
            amount = self.amount

        clients: list[int] | None | Unset
        if isinstance(self.clients, Unset):
            clients = UNSET
        elif isinstance(self.clients, list):
            clients = self.clients

        else:
            clients = self.clients

        close_date: None | str | Unset
        if isinstance(self.close_date, Unset):
            close_date = UNSET
        elif isinstance(self.close_date, datetime.date):
            close_date = self.close_date.isoformat()
        else:
            close_date = self.close_date

        custom_fields: dict[str, Any] | None | Unset
        if isinstance(self.custom_fields, Unset):
            custom_fields = UNSET
        elif isinstance(self.custom_fields, CustomValuesIn):
            custom_fields = self.custom_fields.to_dict()
        else:
            custom_fields = self.custom_fields

        labels: list[int] | None | Unset
        if isinstance(self.labels, Unset):
            labels = UNSET
        elif isinstance(self.labels, list):
            labels = self.labels

        else:
            labels = self.labels

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        pipeline_id: int | None | Unset
        if isinstance(self.pipeline_id, Unset):
            pipeline_id = UNSET
        else:
            pipeline_id = self.pipeline_id

        products: list[int] | None | Unset
        if isinstance(self.products, Unset):
            products = UNSET
        elif isinstance(self.products, list):
            products = self.products

        else:
            products = self.products

        sources: list[int] | None | Unset
        if isinstance(self.sources, Unset):
            sources = UNSET
        elif isinstance(self.sources, list):
            sources = self.sources

        else:
            sources = self.sources

        stage_id: int | None | Unset
        if isinstance(self.stage_id, Unset):
            stage_id = UNSET
        else:
            stage_id = self.stage_id

        users: list[int] | None | Unset
        if isinstance(self.users, Unset):
            users = UNSET
        elif isinstance(self.users, list):
            users = self.users

        else:
            users = self.users

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
            }
        )
        if amount is not UNSET:
            field_dict["amount"] = amount
        if clients is not UNSET:
            field_dict["clients"] = clients
        if close_date is not UNSET:
            field_dict["close_date"] = close_date
        if custom_fields is not UNSET:
            field_dict["custom_fields"] = custom_fields
        if labels is not UNSET:
            field_dict["labels"] = labels
        if notes is not UNSET:
            field_dict["notes"] = notes
        if phone is not UNSET:
            field_dict["phone"] = phone
        if pipeline_id is not UNSET:
            field_dict["pipeline_id"] = pipeline_id
        if products is not UNSET:
            field_dict["products"] = products
        if sources is not UNSET:
            field_dict["sources"] = sources
        if stage_id is not UNSET:
            field_dict["stage_id"] = stage_id
        if users is not UNSET:
            field_dict["users"] = users

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values_in import CustomValuesIn

        d = dict(src_dict)
        name = d.pop("name")

        def _parse_amount(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        amount = _parse_amount(d.pop("amount", UNSET))

        def _parse_clients(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                clients_type_0 = cast(list[int], data)

                return clients_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        clients = _parse_clients(d.pop("clients", UNSET))

        def _parse_close_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                close_date_type_0 = datetime.date.fromisoformat(data)

                return close_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        close_date = _parse_close_date(d.pop("close_date", UNSET))

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

        def _parse_labels(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                labels_type_0 = cast(list[int], data)

                return labels_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        labels = _parse_labels(d.pop("labels", UNSET))

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))

        def _parse_pipeline_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        pipeline_id = _parse_pipeline_id(d.pop("pipeline_id", UNSET))

        def _parse_products(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                products_type_0 = cast(list[int], data)

                return products_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        products = _parse_products(d.pop("products", UNSET))

        def _parse_sources(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                sources_type_0 = cast(list[int], data)

                return sources_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        sources = _parse_sources(d.pop("sources", UNSET))

        def _parse_stage_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        stage_id = _parse_stage_id(d.pop("stage_id", UNSET))

        def _parse_users(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                users_type_0 = cast(list[int], data)

                return users_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        users = _parse_users(d.pop("users", UNSET))

        deal_in = cls(
            name=name,
            amount=amount,
            clients=clients,
            close_date=close_date,
            custom_fields=custom_fields,
            labels=labels,
            notes=notes,
            phone=phone,
            pipeline_id=pipeline_id,
            products=products,
            sources=sources,
            stage_id=stage_id,
            users=users,
        )

        deal_in.additional_properties = d
        return deal_in

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
