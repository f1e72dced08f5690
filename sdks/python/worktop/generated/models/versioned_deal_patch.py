from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.versioned_deal_patch_status import VersionedDealPatchStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.custom_values_in import CustomValuesIn


T = TypeVar("T", bound="VersionedDealPatch")


@_attrs_define
class VersionedDealPatch:
    """An update body with the optional `version` every update accepts beside its own fields. An
    extractor rather than `#[serde(flatten)]`, which would hide the field names of errors.

        Example:
            {'status': 'won'}

        Attributes:
            amount (float | Unset): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric
                string is accepted too). Example: 1250.5.
            clients (list[int] | Unset):
            close_date (datetime.date | None | Unset):
            custom_fields (CustomValuesIn | Unset): Values of the workspace's custom fields, by key (GET /api/custom-
                fields); null clears one.
            is_active (bool | Unset):
            labels (list[int] | Unset):
            name (str | Unset):
            notes (None | str | Unset):
            phone (None | str | Unset):
            pipeline_id (int | Unset):
            products (list[int] | Unset):
            sources (list[int] | Unset):
            stage_id (int | Unset):
            status (VersionedDealPatchStatus | Unset): `open`, `won` or `lost`.
            users (list[int] | Unset):
            version (int | None | Unset): The version the change is based on; a stale one is 409 `version_conflict`.
    """

    amount: float | Unset = UNSET
    clients: list[int] | Unset = UNSET
    close_date: datetime.date | None | Unset = UNSET
    custom_fields: CustomValuesIn | Unset = UNSET
    is_active: bool | Unset = UNSET
    labels: list[int] | Unset = UNSET
    name: str | Unset = UNSET
    notes: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    pipeline_id: int | Unset = UNSET
    products: list[int] | Unset = UNSET
    sources: list[int] | Unset = UNSET
    stage_id: int | Unset = UNSET
    status: VersionedDealPatchStatus | Unset = UNSET
    users: list[int] | Unset = UNSET
    version: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        clients: list[int] | Unset = UNSET
        if not isinstance(self.clients, Unset):
            clients = self.clients

        close_date: None | str | Unset
        if isinstance(self.close_date, Unset):
            close_date = UNSET
        elif isinstance(self.close_date, datetime.date):
            close_date = self.close_date.isoformat()
        else:
            close_date = self.close_date

        custom_fields: dict[str, Any] | Unset = UNSET
        if not isinstance(self.custom_fields, Unset):
            custom_fields = self.custom_fields.to_dict()

        is_active = self.is_active

        labels: list[int] | Unset = UNSET
        if not isinstance(self.labels, Unset):
            labels = self.labels

        name = self.name

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

        pipeline_id = self.pipeline_id

        products: list[int] | Unset = UNSET
        if not isinstance(self.products, Unset):
            products = self.products

        sources: list[int] | Unset = UNSET
        if not isinstance(self.sources, Unset):
            sources = self.sources

        stage_id = self.stage_id

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        users: list[int] | Unset = UNSET
        if not isinstance(self.users, Unset):
            users = self.users

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if amount is not UNSET:
            field_dict["amount"] = amount
        if clients is not UNSET:
            field_dict["clients"] = clients
        if close_date is not UNSET:
            field_dict["close_date"] = close_date
        if custom_fields is not UNSET:
            field_dict["custom_fields"] = custom_fields
        if is_active is not UNSET:
            field_dict["is_active"] = is_active
        if labels is not UNSET:
            field_dict["labels"] = labels
        if name is not UNSET:
            field_dict["name"] = name
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
        if status is not UNSET:
            field_dict["status"] = status
        if users is not UNSET:
            field_dict["users"] = users
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values_in import CustomValuesIn

        d = dict(src_dict)
        amount = d.pop("amount", UNSET)

        clients = cast(list[int], d.pop("clients", UNSET))

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

        _custom_fields = d.pop("custom_fields", UNSET)
        custom_fields: CustomValuesIn | Unset
        if isinstance(_custom_fields, Unset):
            custom_fields = UNSET
        else:
            custom_fields = CustomValuesIn.from_dict(_custom_fields)

        is_active = d.pop("is_active", UNSET)

        labels = cast(list[int], d.pop("labels", UNSET))

        name = d.pop("name", UNSET)

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

        pipeline_id = d.pop("pipeline_id", UNSET)

        products = cast(list[int], d.pop("products", UNSET))

        sources = cast(list[int], d.pop("sources", UNSET))

        stage_id = d.pop("stage_id", UNSET)

        _status = d.pop("status", UNSET)
        status: VersionedDealPatchStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = VersionedDealPatchStatus(_status)

        users = cast(list[int], d.pop("users", UNSET))

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        versioned_deal_patch = cls(
            amount=amount,
            clients=clients,
            close_date=close_date,
            custom_fields=custom_fields,
            is_active=is_active,
            labels=labels,
            name=name,
            notes=notes,
            phone=phone,
            pipeline_id=pipeline_id,
            products=products,
            sources=sources,
            stage_id=stage_id,
            status=status,
            users=users,
            version=version,
        )

        versioned_deal_patch.additional_properties = d
        return versioned_deal_patch

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
